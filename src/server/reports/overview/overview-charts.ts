import type {
  HourMatrixRecord,
  ImpressionsAvailabilityGraphsResponse,
  OverviewChartPoint,
  OverviewGraphsResponse,
  ReportPeriod,
} from '../../../shared/api-types.ts';
import {
  availability,
  daysOf,
  emptyMeasures,
  hoursOf,
  production,
  productionRate,
  reportedSeconds,
  utilization,
  type KpiMeasures,
} from '../../../shared/kpi/index.ts';
import { addDays, daysBetween, localTimeToInstant } from '../../../shared/time/local-time.ts';
import {
  loadRowPair,
  loadRowPairs,
  loadRows,
  periodsOf,
  referenceZone,
  type ReportContext,
} from '../common/report-context.ts';
import { productionUnit, rateUnit } from '../common/kpi-comparisons.ts';
import type { MeasureGrouping, MeasureRow } from '../common/measure-rows.ts';
import { periodDays } from '../common/report-period.ts';

/**
 * Chart series and day × hour matrices of the Overview. A one-day period is drawn by hour, longer ones by local day.
 * Hours are local wall-clock hours of each system's site; the buckets listed are the hours that exist on that day in any
 * selected system's time zone, so for a fleet in Berlin the spring DST day has 23 points (no 02:00) and on the autumn
 * day the 02:00 point holds both 02:00 hours. Future buckets are judged in the first selected system's time zone.
 */

/** One chart bucket: a local day, or an hour of it. */
export interface Bucket {
  day: string;
  hour: number | null;
}

const HOURS_OF_DAY = Array.from({ length: 24 }, (_, hour) => hour);

function zonesOf(context: ReportContext): string[] {
  const zones = [...new Set(context.systems.map((system) => system.timeZone))];
  return zones.length > 0 ? zones : ['UTC'];
}

function localDays(period: ReportPeriod): string[] {
  return daysOf({ start: period.startDay, end: period.endDay, days: periodDays(period) });
}

/** Entries kept by localHoursOf before it starts afresh (a year of days in a few dozen zones fits). */
const LOCAL_HOURS_CACHE_LIMIT = 20_000;
const localHoursCache = new Map<string, ReadonlySet<number>>();

/**
 * The wall-clock hours a local day has in a zone (no 02:00 on Berlin's spring DST day). Asking Intl for every hour of
 * every day is most of a month-long hour matrix's time, and the answer never changes: memoised per zone and day.
 */
function localHoursOf(day: string, timeZone: string): ReadonlySet<number> {
  const key = `${timeZone}|${day}`;
  let hours = localHoursCache.get(key);
  if (hours === undefined) {
    if (localHoursCache.size >= LOCAL_HOURS_CACHE_LIMIT) localHoursCache.clear();
    hours = new Set(hoursOf(day, timeZone).map((hour) => hour.localHour));
    localHoursCache.set(key, hours);
  }
  return hours;
}

/** The local hours of the period's days in any of the zones, within the custom range's first and last hour. */
function hourBuckets(period: ReportPeriod, timeZones: readonly string[]): Bucket[] {
  return localDays(period).flatMap((day) => {
    const present = new Set(timeZones.flatMap((zone) => [...localHoursOf(day, zone)]));
    return HOURS_OF_DAY.filter((hour) => present.has(hour))
      .filter(
        (hour) =>
          (day !== period.startDay || hour >= period.startHour) && (day !== period.endDay || hour <= period.endHour),
      )
      .map((hour) => ({ day, hour }));
  });
}

function dayBuckets(period: ReportPeriod): Bucket[] {
  return localDays(period).map((day) => ({ day, hour: null }));
}

const keyOf = (day: string | null, hour: number | null) => `${day ?? ''}|${hour ?? ''}`;

function byBucket(rows: readonly MeasureRow[]): Map<string, KpiMeasures> {
  return new Map(rows.map((row) => [keyOf(row.day, row.hour), row.measures]));
}

/** The same bucket in the previous period: as many days earlier as the period is long, same hour. */
function previousBucket(bucket: Bucket, context: ReportContext): Bucket {
  const offset = daysBetween(context.period.startDay, bucket.day);
  return { day: addDays(context.previousPeriod.startDay, offset), hour: bucket.hour };
}

function bucketStart(bucket: Bucket, timeZone: string): number {
  return localTimeToInstant(bucket.day, (bucket.hour ?? 0) * 60, timeZone);
}

/**
 * Which buckets (in order) start after `now` in the reference zone. When the last one has started, none has: the usual
 * past period costs one time-zone conversion instead of one per bucket.
 */
function futureBuckets(buckets: readonly Bucket[], context: ReportContext): boolean[] {
  const zone = referenceZone(context);
  const now = context.now.getTime();
  const last = buckets.at(-1);
  if (last === undefined || bucketStart(last, zone) <= now) return buckets.map(() => false);
  return buckets.map((bucket) => bucketStart(bucket, zone) > now);
}

type Formula = (m: KpiMeasures) => number;

interface SeriesData {
  buckets: Bucket[];
  /** Per bucket: it starts after the time of the call. */
  future: boolean[];
  granularity: 'hour' | 'day';
  current: Map<string, KpiMeasures>;
  previous: Map<string, KpiMeasures>;
}

/** A chart's point of one bucket (a local day, or an hour of it) from its measures and the previous period's (the weekly e-mail's too). */
export function chartPoint(
  bucket: Bucket,
  granularity: OverviewChartPoint['granularity'],
  measures: { current: KpiMeasures; previous: KpiMeasures },
  formula: Formula,
  isFuturePeriod: boolean,
): OverviewChartPoint {
  return {
    date: bucket.hour === null ? bucket.day : `${bucket.day}T${String(bucket.hour).padStart(2, '0')}:00`,
    granularity,
    value: formula(measures.current),
    previous: formula(measures.previous),
    isFuturePeriod,
    isNotReported: reportedSeconds(measures.current) <= 0,
  };
}

function series(context: ReportContext, data: SeriesData, formula: Formula): OverviewChartPoint[] {
  return data.buckets.map((bucket, index) => {
    const before = previousBucket(bucket, context);
    const measures = {
      current: data.current.get(keyOf(bucket.day, bucket.hour)) ?? emptyMeasures(),
      previous: data.previous.get(keyOf(before.day, before.hour)) ?? emptyMeasures(),
    };
    return chartPoint(bucket, data.granularity, measures, formula, data.future[index] ?? false);
  });
}

/** A one-day period is drawn by hour, longer ones by local day. */
const seriesGrouping = (context: ReportContext): MeasureGrouping =>
  periodDays(context.period) === 1 ? { day: true, hour: true } : { day: true };

function seriesData(
  context: ReportContext,
  rows: { current: readonly MeasureRow[]; previous: readonly MeasureRow[] },
): SeriesData {
  const byHour = periodDays(context.period) === 1;
  const buckets = byHour ? hourBuckets(context.period, zonesOf(context)) : dayBuckets(context.period);
  return {
    buckets,
    future: futureBuckets(buckets, context),
    granularity: byHour ? 'hour' : 'day',
    current: byBucket(rows.current),
    previous: byBucket(rows.previous),
  };
}

/** Units of the Overview's chart series for the group (DTF lengths in metres; the client shows the user's unit). */
function chartUnits(context: ReportContext): OverviewGraphsResponse['units'] {
  const productionUnits = productionUnit(context.group);
  return {
    productionChart: productionUnits,
    speedChart: rateUnit(context.group),
    utilizationChart: '%',
    availabilityChart: '%',
    productionByHourGraph: productionUnits,
  };
}

/** POST /api/overview-report/overview-graphs */
export async function overviewGraphs(context: ReportContext): Promise<OverviewGraphsResponse> {
  // The series and the production by hour of day in one statement per period: the hour in progress read once.
  const none = { current: [], previous: [] };
  const [buckets = none, hourly = none] = await loadRowPairs(context, [seriesGrouping(context), { hour: true }]);
  const data = seriesData(context, buckets);
  const current = byBucket(hourly.current);
  const previous = byBucket(hourly.previous);
  const productionOf = (m: KpiMeasures | undefined) => production(m ?? emptyMeasures(), context.group);
  return {
    ...periodsOf(context),
    granularity: data.granularity,
    units: chartUnits(context),
    productionChart: series(context, data, (m) => production(m, context.group)),
    speedChart: series(context, data, (m) => productionRate(m, context.group)),
    utilizationChart: series(context, data, utilization),
    availabilityChart: series(context, data, availability),
    productionByHourGraph: HOURS_OF_DAY.map((hour) => ({
      hour,
      value: productionOf(current.get(keyOf(null, hour))),
      previous: productionOf(previous.get(keyOf(null, hour))),
    })),
  };
}

/** POST /api/overview-report/impressions-availability-graphs */
export async function impressionsAvailabilityGraphs(
  context: ReportContext,
): Promise<ImpressionsAvailabilityGraphsResponse> {
  const data = seriesData(context, await loadRowPair(context, seriesGrouping(context)));
  const { productionChart, availabilityChart } = chartUnits(context);
  return {
    ...periodsOf(context),
    granularity: data.granularity,
    units: { productionChart, availabilityChart },
    productionChart: series(context, data, (m) => production(m, context.group)),
    availabilityChart: series(context, data, availability),
  };
}

/** A KPI per local day and hour of the period; a cell without rollup rows gets the formula of empty measures. */
export async function hourMatrix(context: ReportContext, formula: Formula): Promise<HourMatrixRecord[]> {
  const cells = byBucket(await loadRows(context, { day: true, hour: true }));
  return hourBuckets(context.period, zonesOf(context)).map((bucket) => ({
    date: bucket.day,
    hour: bucket.hour ?? 0,
    value: formula(cells.get(keyOf(bucket.day, bucket.hour)) ?? emptyMeasures()),
  }));
}

/** A KPI per local day of the period. */
export async function dailyMatrix(
  context: ReportContext,
  formula: Formula,
): Promise<{ date: string; value: number }[]> {
  const cells = byBucket(await loadRows(context, { day: true }));
  return dayBuckets(context.period).map((bucket) => ({
    date: bucket.day,
    value: formula(cells.get(keyOf(bucket.day, null)) ?? emptyMeasures()),
  }));
}
