import type { ReportPeriod } from '../api-types.ts';
import { daysBetween } from '../time/local-time.ts';

/**
 * How a report shows the selected period against the previous one (spec reports §2 Overview: legend labels):
 * the one definition for every chart legend and the mobile overview's 'Production Overview' card.
 */

/** The selected and previous period a report compares. */
export type ComparedPeriod = 'day' | 'week' | 'period';

/** Legend labels of spec reports §2 Overview: selected against previous. */
export const LEGEND_LABELS: Record<ComparedPeriod, { selected: string; previous: string }> = {
  day: { selected: 'Selected day', previous: 'Previous same day' },
  week: { selected: 'Selected week', previous: 'Previous week' },
  period: { selected: 'Selected period', previous: 'Previous period' },
};

/** Colours of the selected period (bars) and the previous one (line). */
export const COMPARISON_COLOURS = { selected: '#5E7EBF', previous: '#C5D0DE' } as const;

/** A custom period this long or longer compares with last year; shorter ones with last week (spec reports §2). */
export const YEAR_COMPARISON_MIN_DAYS = 8;

/** What a custom period of `days` days is compared with. */
export function customComparison(days: number): 'From last year' | 'From last week' {
  return days >= YEAR_COMPARISON_MIN_DAYS ? 'From last year' : 'From last week';
}

/** The compared period of an answer's `period`, with a custom period's length in days (first and last day included). */
export interface PeriodComparison {
  compared: ComparedPeriod;
  /** Days of a custom period, for its 'From last year' / 'From last week' description; absent otherwise. */
  customDays?: number;
}

export function comparisonOf(period: Pick<ReportPeriod, 'timeframe' | 'startDay' | 'endDay'>): PeriodComparison {
  if (period.timeframe === 'day' || period.timeframe === 'week') return { compared: period.timeframe };
  return { compared: 'period', customDays: daysBetween(period.startDay, period.endDay) + 1 };
}
