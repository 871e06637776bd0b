import type { SystemGroup } from '../../src/shared/system-group.ts';

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
  /** Unit shown on the axis and in the tooltip, e.g. 'imp'. */
  unit?: string;
  /** Colour the bars by the availability thresholds (0–50 % red, over 50–75 % yellow, above 75 % green). */
  thresholdColours?: boolean;
}

/** Options of a time-series-chart panel; schemas/panels/time-series-chart.schema.json is their contract. */
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

/** The selected and previous period the chart compares (legend labels of spec reports §2). */
export type ComparedPeriod = 'day' | 'week' | 'period';

/** What a time-series chart panel draws: the points of each series that has data. */
export interface TimeSeriesChartData {
  series: Record<string, ChartPoint[]>;
  compared: ComparedPeriod;
  /** Days of a custom period, for its 'From last year' / 'From last week' description; absent otherwise. */
  customDays?: number;
}

/** Granularities whose charts are not drawn (spec reports §2: year, month and quarter show the placeholder). */
const UNDRAWN_GRANULARITIES: ReadonlySet<Granularity> = new Set(['month', 'quarter', 'year']);

export function isDrawn(points: readonly ChartPoint[]): boolean {
  return !points.some((point) => UNDRAWN_GRANULARITIES.has(point.granularity));
}

/** Legend labels of spec reports §2 Overview: selected against previous. */
export const LEGEND_LABELS: Record<ComparedPeriod, { selected: string; previous: string }> = {
  day: { selected: 'Selected day', previous: 'Previous same day' },
  week: { selected: 'Selected week', previous: 'Previous week' },
  period: { selected: 'Selected period', previous: 'Previous period' },
};

/** A custom period this long or longer compares with last year; shorter ones with last week (spec reports §2). */
export const YEAR_COMPARISON_MIN_DAYS = 8;

/** What a custom period of `days` days is compared with. */
export function customComparison(days: number): 'From last year' | 'From last week' {
  return days >= YEAR_COMPARISON_MIN_DAYS ? 'From last year' : 'From last week';
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function at(node: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((current, key) => (isRecord(current) ? current[key] : undefined), node);
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
  const raw = at(response, series.field);
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

const DAY_MS = 86_400_000;

/**
 * The compared period from the answer's `period` (OverviewPeriods): day, week, or a custom period with its length in
 * days; an answer without one compares periods.
 */
function comparedPeriod(response: unknown): Pick<TimeSeriesChartData, 'compared' | 'customDays'> {
  const timeframe = at(response, 'period.timeframe');
  if (timeframe === 'day' || timeframe === 'week') return { compared: timeframe };
  const start = at(response, 'period.startDay');
  const end = at(response, 'period.endDay');
  if (timeframe !== 'custom' || typeof start !== 'string' || typeof end !== 'string') return { compared: 'period' };
  return { compared: 'period', customDays: Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS) + 1 };
}

/** The points of every series of the options, or null (the empty state) when none has any. */
export function selectChartData(response: unknown, options: TimeSeriesChartOptions): TimeSeriesChartData | null {
  const series = Object.fromEntries(options.series.map((option) => [option.id, selectPoints(response, option)]));
  if (Object.values(series).every((points) => points.length === 0)) return null;
  return { series, ...comparedPeriod(response) };
}
