import type { ComparedUntil, OverviewPeriods, ReportPeriod } from '../../src/shared/api-types.ts';
import type { PeriodLegendOptions } from './options.ts';

export const PERIOD_LEGEND_OPTIONS: PeriodLegendOptions = {};

function period(timeframe: ReportPeriod['timeframe'], startDay: string, endDay: string, hours = [0, 23]): ReportPeriod {
  return { timeframe, startDay, endDay, startHour: hours[0] ?? 0, endHour: hours[1] ?? 23 };
}

/**
 * The periods of an Overview answer (the panel reads nothing else): a day (the previous same day a week before), a
 * week, custom periods of 10 and 3 days; days and weeks in progress too.
 */
function answer(selected: ReportPeriod, previous: ReportPeriod, comparedUntil: ComparedUntil = null): OverviewPeriods {
  return { systemGroup: 'DTG', period: selected, previousPeriod: previous, comparedUntil };
}

export const DAY_ANSWER = answer(period('day', '2026-11-21', '2026-11-21'), period('day', '2026-11-14', '2026-11-14'));

/** Today at 11:29 (a Saturday): both days are compared up to 11:29. */
export const DAY_IN_PROGRESS_ANSWER = answer(
  period('day', '2026-11-28', '2026-11-28'),
  period('day', '2026-11-21', '2026-11-21'),
  { localTime: '2026-11-28T11:29' },
);

/** This week on Saturday at 11:29. */
export const WEEK_IN_PROGRESS_ANSWER = answer(
  period('week', '2026-11-23', '2026-11-29'),
  period('week', '2026-11-16', '2026-11-22'),
  { localTime: '2026-11-28T11:29' },
);

export const WEEK_ANSWER = answer(
  period('week', '2026-11-16', '2026-11-22'),
  period('week', '2026-11-09', '2026-11-15'),
);

export const LONG_CUSTOM_ANSWER = answer(
  period('custom', '2026-11-01', '2026-11-10', [5, 23]),
  period('custom', '2026-10-22', '2026-10-31', [5, 23]),
);

export const SHORT_CUSTOM_ANSWER = answer(
  period('custom', '2026-11-01', '2026-11-03', [5, 17]),
  period('custom', '2026-10-29', '2026-10-31', [5, 17]),
);
