import { comparisonOf, type ComparedPeriod, type PeriodComparison } from '../../src/shared/format/period-comparison.ts';
import { isRecord, valueAt } from '../../src/shared/json/json-value.ts';
import type { SystemGroup } from '../../src/shared/system-group.ts';
import type { ToUserUnits } from '../../src/shared/units/length-units.ts';

/** Granularity of a chart point (spec reports §3 "Chart point"). */
export type Granularity = 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';

/** How a series' values are shown: abbreviated numbers (k, M, …), or fractions as percentages. */
export type SeriesFormat = 'number' | 'percent';

/** One series a chart can show; a chart with two or more offers a toggle between them. */
export interface ChartSeriesOptions {
  /** Id of the series, used for the kept choice and the default per group, e.g. 'speed'. */
  id: string;
  /** Label of the toggle button, e.g. 'Speed'. */
  label: string;
  /** Property of the query response holding the points (an array); dots reach nested properties. */
  field: string;
  /** Property of each point with the selected period's value, e.g. 'total'. */
  value: string;
  /** Property of each point with the comparison period's value, e.g. 'totalAvg'; absent: no comparison series. */
  previous?: string;
  format: SeriesFormat;
  /** Unit shown in the tooltip, e.g. 'imp', when the answer names none for the series (its `units.<field>`). */
  unit?: string;
  /** Colour the bars by the availability thresholds (0–50 % red, over 50–75 % yellow, above 75 % green). */
  thresholdColours?: boolean;
}

/** Options of a time-series-chart panel; panels/time-series-chart/options.schema.json is their contract. */
export interface TimeSeriesChartOptions {
  series: ChartSeriesOptions[];
  /** Series shown first per group (the user's choice is then kept per group); absent: the first series. */
  defaultSeries?: Partial<Record<SystemGroup, string>>;
}

/** One point of a series as the chart draws it. */
export interface ChartPoint {
  /** ISO date or date-time of the slot's start (local time of the sites). */
  date: string;
  granularity: Granularity;
  /** Null: nothing to draw (a future slot, or nothing reported). */
  value: number | null;
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

const GRANULARITIES: ReadonlySet<string> = new Set<Granularity>(['hour', 'day', 'week', 'month', 'quarter', 'year']);

function isGranularity(value: unknown): value is Granularity {
  return typeof value === 'string' && GRANULARITIES.has(value);
}

/** Availability −1 (not reported) and non-numbers are not drawn. */
function drawable(value: unknown, format: SeriesFormat): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return format === 'percent' && value < 0 ? null : value;
}

function selectPoints(response: unknown, series: ChartSeriesOptions): ChartPoint[] {
  const raw = valueAt(response, series.field);
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((point: unknown): ChartPoint[] => {
    if (!isRecord(point) || typeof point['date'] !== 'string' || !isGranularity(point['granularity'])) return [];
    const hidden = point['isFuturePeriod'] === true || point['isNotReported'] === true;
    return [
      {
        date: point['date'],
        granularity: point['granularity'],
        value: hidden ? null : drawable(point[series.value], series.format),
        previous: series.previous === undefined ? null : drawable(point[series.previous], series.format),
      },
    ];
  });
}

/** The answer's units of a series: `units.<name>` beside the points (`a.b.chart` → `a.b.units.chart`), else the option's. */
function seriesUnits(response: unknown, series: ChartSeriesOptions): string {
  const path = series.field.split('.');
  const units = valueAt(response, [...path.slice(0, -1), 'units', ...path.slice(-1)].join('.'));
  return typeof units === 'string' ? units : (series.unit ?? '');
}

/**
 * The compared period from the answer's `period` (OverviewPeriods): day, week, or a custom period with its length in
 * days; an answer without one compares periods.
 */
function comparedPeriod(response: unknown): PeriodComparison {
  const timeframe = valueAt(response, 'period.timeframe');
  const startDay = valueAt(response, 'period.startDay');
  const endDay = valueAt(response, 'period.endDay');
  if (timeframe === 'day' || timeframe === 'week') return { compared: timeframe };
  if (timeframe !== 'custom' || typeof startDay !== 'string' || typeof endDay !== 'string')
    return { compared: 'period' };
  return comparisonOf({ timeframe, startDay, endDay });
}

/** The points of every series of the options, or null (the empty state) when none has any. */
export function selectChartData(response: unknown, options: TimeSeriesChartOptions): TimeSeriesChartData | null {
  const series = Object.fromEntries(options.series.map((option) => [option.id, selectPoints(response, option)]));
  if (Object.values(series).every((points) => points.length === 0)) return null;
  const units = Object.fromEntries(options.series.map((option) => [option.id, seriesUnits(response, option)]));
  return { series, units, ...comparedPeriod(response) };
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
