import type { AnswerOf } from '../../src/shared/api-types.ts';
import type { SeriesFrame } from '../../src/shared/contract/frames.ts';
import type { JobKpiTrend } from '../../src/shared/contract/jobs.contract.ts';
import {
  JOB_CYCLE_TIME_KPIS_FRAMES,
  JOB_PRINT_TIME_KPIS_FRAMES,
  JOB_TOTAL_IMPRESSIONS_FRAMES,
} from '../../src/shared/contract/jobs.frames.ts';
import type { JobKpiChartOptions } from './options.ts';

/** Options as the Jobs layout gives them (the kind has none: the panel's `frame` names what it draws). */
export const JOB_KPI_CHART_OPTIONS: JobKpiChartOptions = {};

const header = {
  period: { timeframe: 'week', startDay: '2024-03-04', endDay: '2024-03-10', startHour: 0, endHour: 23 },
  previousPeriod: { timeframe: 'week', startDay: '2024-02-26', endDay: '2024-03-03', startHour: 0, endHour: 23 },
  comparedUntil: null,
  statsDescription: 'From last week',
  granularity: 'day',
} as const;

/** A week of daily values: Monday to Sunday. */
function week(values: readonly number[], units: JobKpiTrend['units'], previous: number): JobKpiTrend {
  const value = values.reduce((sum, day) => sum + day, 0);
  return {
    value,
    previous,
    stats: previous === 0 ? null : (value - previous) / previous,
    units,
    records: values.map((day, index) => ({
      date: `2024-03-${String(4 + index).padStart(2, '0')}`,
      granularity: 'day',
      days: null,
      value: day,
    })),
  };
}

/** print-time-KPIs of a DTG week: 25 h 30 m of printing, 1.32 s per impression. */
export const PRINT_TIME_ANSWER: AnswerOf<'JobPrintTimeKpis'> = {
  ...header,
  systemGroup: 'DTG',
  totalPrintingTime: week([14_400, 16_200, 12_600, 18_000, 10_800, 7_200, 12_600], 's', 80_000),
  printTimePerUnitResponse: { value: 1.32, units: 's/imp', previous: 1.4, stats: -0.0571 },
};

/** cycle-time-KPIs of an Apollo week: seconds per impression per day, 95 s per job. */
export const CYCLE_TIME_ANSWER: AnswerOf<'JobCycleTimeKpis'> = {
  ...header,
  systemGroup: 'Apollo',
  cycleTimePerImpressionResponse: week([2.1, 2.3, 2.0, 1.9, 2.2, 0, 0], 's/imp', 10),
  averageProcessTimeResponse: { averageProcessTimeSeconds: 95, previous: 100, stats: -0.05 },
};

/** total-impressions of a DTF week: metres of film per day, the first bucket cut to 3 days by a custom range. */
export const DTF_PRODUCTION_ANSWER: AnswerOf<'JobTotalImpressions'> = {
  ...header,
  systemGroup: 'DTF',
  granularity: 'week',
  totalImpressions: {
    value: 800,
    previous: 400,
    stats: 1,
    units: 'm',
    records: [
      { date: '2024-02-26', granularity: 'week', days: 3, value: 300 },
      { date: '2024-03-04', granularity: 'week', days: null, value: 500 },
    ],
  },
};

/** An answer whose period has no bucket (the empty state). */
export const EMPTY_PRINT_TIME_ANSWER: AnswerOf<'JobPrintTimeKpis'> = {
  ...PRINT_TIME_ANSWER,
  totalPrintingTime: { value: 0, previous: 0, stats: null, units: 's', records: [] },
};

/** The series frames the Jobs layout's panels name in these answers. */
export const PRINT_TIME_SERIES: SeriesFrame = JOB_PRINT_TIME_KPIS_FRAMES.totalPrintingTime.read(PRINT_TIME_ANSWER);
export const CYCLE_TIME_SERIES: SeriesFrame = JOB_CYCLE_TIME_KPIS_FRAMES.cycleTimePerImpression.read(CYCLE_TIME_ANSWER);
export const DTF_PRODUCTION_SERIES: SeriesFrame =
  JOB_TOTAL_IMPRESSIONS_FRAMES.totalImpressions.read(DTF_PRODUCTION_ANSWER);
export const EMPTY_PRINT_TIME_SERIES: SeriesFrame =
  JOB_PRINT_TIME_KPIS_FRAMES.totalPrintingTime.read(EMPTY_PRINT_TIME_ANSWER);
