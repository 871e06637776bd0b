import type { AcceptedAnswer } from '../../src/runtime/panel-definition.ts';
import type { ComparedUntil, OverviewChartPoint, ReportPeriod } from '../../src/shared/api-types.ts';
import { comparisonOf, type ComparedPeriod, type PeriodComparison } from '../../src/shared/format/period-comparison.ts';
import type { SystemGroup } from '../../src/shared/system-group.ts';
import type { ToUserUnits } from '../../src/shared/units/length-units.ts';
import type { TimeSeriesChartOptions } from './options.ts';

/** The answers a time-series chart shows. */
export const TIME_SERIES_CHART_ANSWERS = ['OverviewGraphs', 'ImpressionsAvailabilityGraphs'] as const;

export type TimeSeriesChartAnswer = AcceptedAnswer<(typeof TIME_SERIES_CHART_ANSWERS)[number]>;

type ChartFieldOf<Answer> = Answer extends unknown
  ? { [Key in keyof Answer]-?: Answer[Key] extends readonly OverviewChartPoint[] ? Key : never }[keyof Answer]
  : never;

/** The properties of the accepted answers that hold chart points: options.ts's `field` enum lists them. */
export type ChartField = ChartFieldOf<TimeSeriesChartAnswer>;

/** The numbers of a chart point a series can show. */
export type PointMeasure = 'value' | 'previous';

/** Granularity of a chart point (spec reports §3 "Chart point"). */
export type Granularity = 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';

/** How a series' values are shown: abbreviated numbers (k, M, …), or fractions as percentages. */
export type SeriesFormat = 'number' | 'percent';

/** One series a chart can show; a chart with two or more offers a toggle between them. */
export type ChartSeriesOptions = TimeSeriesChartOptions['series'][number];

/** A point of an answer's chart (month, quarter and year slots, which other answers may carry, are not drawn). */
export type AnswerChartPoint = Omit<OverviewChartPoint, 'granularity'> & { granularity: Granularity };

/** What a time-series chart reads of its answer: the compared period, the charts' points and their units. */
export type TimeSeriesChartInput = Partial<Record<ChartField, readonly AnswerChartPoint[]>> & {
  period: Pick<ReportPeriod, 'timeframe' | 'startDay' | 'endDay'>;
  comparedUntil: ComparedUntil;
  units?: Partial<Record<ChartField, string>>;
};

/** One point of a series as the chart draws it. */
export interface ChartPoint {
  /** ISO date or date-time of the slot's start (local time of the sites). */
  date: string;
  granularity: Granularity;
  /** Null: nothing to draw (a future slot, or nothing reported). */
  value: number | null;
  /** Null: nothing to draw (a future slot: the previous period is compared only up to the same time). */
  previous: number | null;
}

/** What a time-series chart panel draws: the points of each series that has data, and the periods it compares. */
export interface TimeSeriesChartData extends PeriodComparison {
  series: Record<string, ChartPoint[]>;
  /** Units of each series by id ('' for none): the answer's `units` beside the points, else the option's `unit`. */
  units: Record<string, string>;
}

/** Granularities whose charts are not drawn (spec reports §2: year, month and quarter show the placeholder). */
const UNDRAWN_GRANULARITIES: ReadonlySet<Granularity> = new Set(['month', 'quarter', 'year']);

export function isDrawn(points: readonly ChartPoint[]): boolean {
  return !points.some((point) => UNDRAWN_GRANULARITIES.has(point.granularity));
}

/** Bars are 6 px wide in a day's chart, 16 px otherwise (spec reports §9). */
export function barWidth(compared: ComparedPeriod): number {
  return compared === 'day' ? 6 : 16;
}

/** The series shown first for a group: its default if the options name one that exists, else the first. */
export function defaultSeriesId(options: TimeSeriesChartOptions, group: SystemGroup): string {
  const wanted = options.defaultSeries?.[group];
  return options.series.find((series) => series.id === wanted)?.id ?? options.series[0]?.id ?? '';
}

/** Availability −1 (not reported) is not drawn. */
function drawable(value: number, format: SeriesFormat): number | null {
  return format === 'percent' && value < 0 ? null : value;
}

function selectPoints(answer: TimeSeriesChartInput, series: ChartSeriesOptions): ChartPoint[] {
  return (answer[series.field] ?? []).map((point) => ({
    date: point.date,
    granularity: point.granularity,
    value: point.isFuturePeriod || point.isNotReported ? null : drawable(point[series.value], series.format),
    previous:
      series.previous === undefined || point.isFuturePeriod ? null : drawable(point[series.previous], series.format),
  }));
}

/** The answer's units of a series (`units.<field>`), else the option's. */
function seriesUnits(answer: TimeSeriesChartInput, series: ChartSeriesOptions): string {
  return answer.units?.[series.field] ?? series.unit ?? '';
}

/** The points of every series of the options, or null (the empty state) when none has any. */
export function selectChartData(
  answer: TimeSeriesChartInput,
  options: TimeSeriesChartOptions,
): TimeSeriesChartData | null {
  const series = Object.fromEntries(options.series.map((option) => [option.id, selectPoints(answer, option)]));
  if (Object.values(series).every((points) => points.length === 0)) return null;
  const units = Object.fromEntries(options.series.map((option) => [option.id, seriesUnits(answer, option)]));
  return { series, units, ...comparisonOf(answer.period, answer.comparedUntil) };
}

/** The chart's values and units in the user's units (DTF lengths in yards or metres); percentages stay as they are. */
export function chartDataInUnits(data: TimeSeriesChartData, toUserUnits: ToUserUnits): TimeSeriesChartData {
  const entries = Object.entries(data.series).map(([id, points]) => {
    const units = data.units[id] ?? '';
    const inUnits = (value: number | null) => toUserUnits({ value, units }).value;
    const shown = points.map((point) => ({ ...point, value: inUnits(point.value), previous: inUnits(point.previous) }));
    return { id, points: shown, units: toUserUnits({ value: null, units }).units };
  });
  return {
    ...data,
    series: Object.fromEntries(entries.map((entry) => [entry.id, entry.points])),
    units: Object.fromEntries(entries.map((entry) => [entry.id, entry.units])),
  };
}
