import dayjs from 'dayjs';
import type { PanelT } from '../../src/runtime/panel-sdk.ts';
import type { ReportPeriod } from '../../src/shared/api-types.ts';
import type { PeriodFrame } from '../../src/shared/contract/frames.ts';
import { comparisonOf, type PeriodComparison } from '../../src/shared/format/period-comparison.ts';

/** What the panel shows: the selected period (its header, `periodHeading`) and what it is compared with. */
export interface PeriodLegendData extends PeriodComparison {
  period: ReportPeriod;
}

/** What the legend reads: a period frame (every Overview answer and Systems Analysis offer one, named `period`). */
export type PeriodLegendAnswer = Pick<PeriodFrame, 'period' | 'comparedUntil'>;

function dayAt(day: string, hour: number): string {
  return dayjs(`${day}T${String(hour).padStart(2, '0')}:00`).format('MMM D, YYYY hh:mm A');
}

/**
 * The selected period as the mobile overview's timeframe header names it ('Day · Sat, Nov 21, 2026', 'Week · Nov 16 –
 * Nov 22, 2026', 'Custom · Nov 1, 2026 05:00 AM – Nov 4, 2026 11:00 PM'); the days are the sites' local days.
 */
export function periodHeading(period: ReportPeriod, t: PanelT): string {
  const name = t(`panels.periodLegend.timeframe.${period.timeframe}`);
  if (period.timeframe === 'day') return `${name} · ${dayjs(period.startDay).format('ddd, MMM D, YYYY')}`;
  if (period.timeframe === 'week') {
    const start = dayjs(period.startDay);
    const end = dayjs(period.endDay);
    const startFormat = start.year() === end.year() ? 'MMM D' : 'MMM D, YYYY';
    return `${name} · ${start.format(startFormat)} – ${end.format('MMM D, YYYY')}`;
  }
  return `${name} · ${dayAt(period.startDay, period.startHour)} – ${dayAt(period.endDay, period.endHour)}`;
}

/** The legend of the frame's period, and how far it is compared while in progress. */
export function selectPeriodLegend(answer: PeriodLegendAnswer): PeriodLegendData {
  return { ...comparisonOf(answer.period, answer.comparedUntil), period: answer.period };
}
