import type { AnswerOf } from '../../src/shared/api-types.ts';
import type { SeriesFrame } from '../../src/shared/contract/frames.ts';
import type { JobKpiTrend } from '../../src/shared/contract/jobs.contract.ts';
import {
  JOB_CYCLE_TIME_KPIS_FRAMES,
  JOB_GRAPHS_FRAMES,
  JOB_PRINT_TIME_KPIS_FRAMES,
  JOB_TOTAL_IMPRESSIONS_FRAMES,
} from '../../src/shared/contract/jobs.frames.ts';
import type { SeriesChartOptions } from './options.ts';
import { INK_BY_COLOUR, JOBS_WEEK } from '../../src/shared/contract/jobs.fixture.ts';

/** Options of the Jobs layout's KPI charts: the total and the figure above the bars. */
export const KPI_OPTIONS: SeriesChartOptions = { figures: true };

/** Options of the Jobs layout's ink consumption chart: a colour picker starting at Total, a colour per ink. */
export const INK_OPTIONS: SeriesChartOptions = {
  picker: { label: 'Colours', placeholder: 'Select colours' },
  initialSeries: ['Total'],
  colours: {
    Total: '#2F6FED',
    Color: '#A855F7',
    black: '#1F2937',
    white: '#9AA5B4',
    FOF: '#0EA5E9',
    Softener: '#14B8A6',
  },
  axisSteps: 5,
};

const header = { ...JOBS_WEEK, granularity: 'day' } as const;

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

type Graphs = AnswerOf<'JobGraphs'>;

const colours = (total: number) => [
  { colorName: 'Total' as const, colorValue: total },
  { colorName: 'Color' as const, colorValue: total * 0.5 },
  { colorName: 'black' as const, colorValue: total * 0.3 },
  { colorName: 'white' as const, colorValue: total * 0.2 },
];

/** A quarter in weeks: its first and last weeks are cut by the quarter (3 and 1 days inside it). */
export const QUARTER_GRAPHS: Graphs = {
  systemGroup: 'DTG',
  period: { timeframe: 'quarter', startDay: '2024-01-01', endDay: '2024-03-31', startHour: 0, endHour: 23 },
  previousPeriod: { timeframe: 'quarter', startDay: '2023-10-01', endDay: '2023-12-31', startHour: 0, endHour: 23 },
  comparedUntil: null,
  statsDescription: 'From last quarter',
  granularity: 'week',
  inkConsumptionTrendResponse: [
    { date: '2023-12-25', granularity: 'week', days: 3, colors: colours(1_200) },
    { date: '2024-01-01', granularity: 'week', days: null, colors: colours(4_800) },
    { date: '2024-01-08', granularity: 'week', days: null, colors: colours(5_100) },
    { date: '2024-03-25', granularity: 'week', days: 1, colors: colours(700) },
  ],
  ...INK_BY_COLOUR,
};

/** A day in hours. */
export const DAY_GRAPHS: Graphs = {
  ...QUARTER_GRAPHS,
  period: { timeframe: 'day', startDay: '2024-03-05', endDay: '2024-03-05', startHour: 0, endHour: 23 },
  granularity: 'hour',
  inkConsumptionTrendResponse: Array.from({ length: 24 }, (_, hour) => ({
    date: `2024-03-05T${String(hour).padStart(2, '0')}:00`,
    granularity: 'hour' as const,
    days: null,
    colors: colours(hour * 10),
  })),
};

/** A period without jobs. */
export const EMPTY_GRAPHS: Graphs = {
  ...QUARTER_GRAPHS,
  inkConsumptionTrendResponse: [],
  colorConsumptionResponse: [],
  colorComparisonResponse: [],
};

/** The ink series frames of these answers. */
export const QUARTER_INK_SERIES: SeriesFrame = JOB_GRAPHS_FRAMES.inkConsumption.read(QUARTER_GRAPHS);
export const DAY_INK_SERIES: SeriesFrame = JOB_GRAPHS_FRAMES.inkConsumption.read(DAY_GRAPHS);
export const EMPTY_INK_SERIES: SeriesFrame = JOB_GRAPHS_FRAMES.inkConsumption.read(EMPTY_GRAPHS);
