import type { ReportPeriod } from '../../../shared/api-types.ts';
import type { JobsGranularity } from '../../../shared/contract/jobs.contract.ts';
import { hoursOf } from '../../../shared/kpi/periods.ts';
import { addDays, daysBetween, daysFromTo, isoDayOfWeek } from '../../../shared/time/local-time.ts';

/**
 * Chart buckets of Jobs Analysis (spec reports §2: hour, day, week or month labels; partial edge periods show their
 * count of days): hours for a day, days for a week or a month, weeks for a quarter, months for a year; a custom range
 * by its length (1 day: hours, up to 31: days, up to 92: weeks, longer: months).
 */
export function granularityOf(period: ReportPeriod): JobsGranularity {
  switch (period.timeframe) {
    case 'day':
      return 'hour';
    case 'week':
    case 'month':
      return 'day';
    case 'quarter':
      return 'week';
    case 'year':
      return 'month';
    case 'custom': {
      const days = daysBetween(period.startDay, period.endDay) + 1;
      if (days === 1) return 'hour';
      if (days <= 31) return 'day';
      return days <= 92 ? 'week' : 'month';
    }
  }
}

/** The bucket a local day falls in: the day, its week's Monday or its month's 1st (yyyy-MM-dd). */
export function bucketOfDay(day: string, granularity: Exclude<JobsGranularity, 'hour'>): string {
  if (granularity === 'week') return addDays(day, 1 - isoDayOfWeek(day));
  if (granularity === 'month') return `${day.slice(0, 7)}-01`;
  return day;
}

function daysInMonth(firstDay: string): number {
  const next = bucketOfDay(addDays(firstDay, 31), 'month');
  return daysBetween(firstDay, next);
}

/** A chart bucket of the period: its start and, when the period cuts it, how many of its days are inside. */
export interface Bucket {
  date: string;
  days: number | null;
}

/**
 * Every bucket of the period in order. Hour buckets are the local hours that exist in any of `timeZones` on the day
 * (23 on a spring DST day in Europe, the repeated autumn hour once).
 */
export function bucketsOf(period: ReportPeriod, granularity: JobsGranularity, timeZones: readonly string[]): Bucket[] {
  const days = daysFromTo(period.startDay, period.endDay);
  if (granularity === 'hour') {
    const hours = new Set<string>();
    for (const day of days) {
      for (const zone of timeZones.length > 0 ? timeZones : ['UTC']) {
        for (const hour of hoursOf(day, zone)) hours.add(`${day}T${String(hour.localHour).padStart(2, '0')}:00`);
      }
    }
    return [...hours].sort().map((date) => ({ date, days: null }));
  }
  const counts = new Map<string, number>();
  for (const day of days) {
    const bucket = bucketOfDay(day, granularity);
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  return [...counts].map(([date, count]) => {
    const full = granularity === 'day' ? 1 : granularity === 'week' ? 7 : daysInMonth(date);
    return { date, days: count < full ? count : null };
  });
}
