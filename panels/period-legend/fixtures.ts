import type { OverviewPeriods, ReportPeriod } from '../../src/shared/api-types.ts';
import type { PeriodLegendOptions } from './model.ts';

export const PERIOD_LEGEND_OPTIONS: PeriodLegendOptions = {};

function period(timeframe: ReportPeriod['timeframe'], startDay: string, endDay: string, hours = [0, 23]): ReportPeriod {
  return { timeframe, startDay, endDay, startHour: hours[0] ?? 0, endHour: hours[1] ?? 23 };
}

/** The periods of an Overview answer (the panel reads nothing else): a day, a week, custom periods of 10 and 3 days. */
function answer(selected: ReportPeriod, previous: ReportPeriod): OverviewPeriods {
  return { systemGroup: 'DTG', period: selected, previousPeriod: previous };
}

export const DAY_ANSWER = answer(period('day', '2026-11-21', '2026-11-21'), period('day', '2026-11-20', '2026-11-20'));

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
