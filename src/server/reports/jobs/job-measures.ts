import { sql, type RawBuilder } from 'kysely';
import type { ReportPeriod } from '../../../shared/api-types.ts';
import { JOB_SIZES, type JobSize, type JobsGranularity } from '../../../shared/contract/jobs.contract.ts';
import { addDays, daysBetween, localTimeToInstant, parseDay } from '../../../shared/time/local-time.ts';
import { INK_COLOURS, JOB_DAY_COLUMNS, jobDayMedia, ROLLUP_COLUMNS, type InkColour } from '../../ingest/measures.ts';
import { monthStartOf } from '../../ingest/month-rollups.sql.ts';
import { splitBySite } from '../common/measure-rows.ts';
import { periodCutOf, type PeriodCut, type ReadUntil } from '../common/period-progress.ts';
import type { JobsContext } from './jobs-context.ts';

/**
 * Job measures of the selected systems in a period, per chart bucket or in total, read from the rollups: `system_day`
 * (whole local days; ink per colour, bottles; `site_group_day` for whole sites, a row per site instead of one per
 * system) or `system_hour` (hour buckets), and `job_day` when the job summary's selection filters by size or print
 * mode. Only a filtered day in hours reads `jobs` (one day of the selected systems: job_day has no hours). Each
 * system's days and hours are its own site's; a job counts where it ended. A total of a period in progress is read up
 * to its cut (period-progress.ts): the rollups' days before the cut day, then the jobs and ink loads of the cut day up
 * to the cut.
 */

/** The job summary's selection: sizes (DTG, Apollo) or print modes (DTF); null = every job. */
export type JobFilter = { sizes: readonly JobSize[] } | { printModes: readonly number[] } | null;

/** Additive job measures of one bucket. Ink per colour and bottles are only known unfiltered (job_day has neither). */
export interface JobMeasures {
  jobs: number;
  impressions: number;
  mediaLengthMm: number;
  printSeconds: number;
  /** Total ink in microlitres. */
  inkUl: number;
  inkPerColourUl: Record<InkColour, number>;
  bottlesLoaded: number;
  /** Widest film of the jobs (mm); 0 when none reported a width. Read from job_day only. */
  widestMediaWidthMm: number;
}

const inkSum = INK_COLOURS.map((colour) => `ink_${colour}_ul`);

/** The job_day groups a filter selects: every size when there is none (sizes partition all jobs). */
function jobDayGroups(filter: JobFilter): string[] {
  if (filter === null) return ['small', 'medium', 'large'];
  if ('sizes' in filter) return filter.sizes.map((size) => size.toLowerCase());
  return filter.printModes.map((mode) => `mode_${mode}`);
}

const sumOf = (alias: string, columns: readonly string[]) =>
  columns.length === 0 ? '0' : `sum(${columns.map((column) => `${alias}.${column}`).join(' + ')})`;

function bucketExpression(granularity: JobsGranularity | null, dayColumn: string): string {
  switch (granularity) {
    case null:
      return `''`;
    case 'day':
      return `to_char(${dayColumn}, 'YYYY-MM-DD')`;
    case 'week':
      return `to_char(${dayColumn} - (extract(isodow FROM ${dayColumn})::int - 1), 'YYYY-MM-DD')`;
    case 'month':
      return `to_char(date_trunc('month', ${dayColumn}), 'YYYY-MM-DD')`;
    case 'hour':
      return `to_char(${dayColumn}, 'YYYY-MM-DD"T"HH24:00')`;
  }
}

/** With cuts, the day rollups' rows of a system (or site) before its cut day (`sel.cut_day`; null: no cut). */
const beforeCutDay = (cut: boolean, alias: string, selection = 'sel') =>
  cut ? sql.raw(`AND (${selection}.cut_day IS NULL OR ${alias}.local_day < ${selection}.cut_day)`) : sql``;

/** The whole local months of a period as [from, to) first days of months; null when it holds none. */
export function wholeMonthsOf(period: ReportPeriod): { from: string; to: string } | null {
  const from = period.startDay.endsWith('-01')
    ? period.startDay
    : monthStartOf(addDays(monthStartOf(period.startDay), 31));
  const to = monthStartOf(addDays(period.endDay, 1));
  return from < to ? { from, to } : null;
}

/** The day rollups and the month rollups of the same measures (migration 026). */
const ROLLUPS = {
  system: { day: 'system_day', month: 'system_month', columns: ROLLUP_COLUMNS },
  job: { day: 'job_day', month: 'job_month', columns: JOB_DAY_COLUMNS },
} as const;

/** A rollup's measure columns of its rows `r`. */
const measuresOf = (rollup: (typeof ROLLUPS)[keyof typeof ROLLUPS]) =>
  sql.raw(rollup.columns.map((column) => `r.${column}`).join(', '));

/**
 * The rollup rows `(local_day, measures…)` of the selected systems (`sel`) in `period`, before each one's cut day when
 * `earliestCut` (the earliest of the systems' cut days) is set: with `months`, each system's whole local months in the
 * period that end before its cut day are one system_month / job_month row (under their first day), every other day a
 * day row. A total or a month bucket may sum them; a day or week bucket needs `months` false. The systems of the sites
 * in `bySite` (`sel_site`, system_day's measures only) are read from site_group_day instead: a row per site and day.
 */
export function rollupRows(
  kind: keyof typeof ROLLUPS,
  context: JobsContext,
  period: ReportPeriod,
  earliestCut: string | null,
  months: boolean,
  bySite: readonly string[] = [],
): RawBuilder<unknown> {
  const rollup = ROLLUPS[kind];
  const measures = measuresOf(rollup);
  const parts: RawBuilder<unknown>[] = [];
  if (bySite.length > 0) {
    parts.push(sql`SELECT r.local_day, ${measures}
      FROM site_group_day r JOIN sel_site ON sel_site.id = r.site_id
      WHERE r.tenant_id = ${context.tenantId} AND r.system_group = ${context.group}
        AND r.local_day BETWEEN ${period.startDay}::date AND ${period.endDay}::date
        ${beforeCutDay(earliestCut !== null, 'r', 'sel_site')}`);
  }
  if (context.systems.some((system) => !bySite.includes(system.siteId))) {
    parts.push(systemRollupRows(rollup, context, period, earliestCut, months, bySite));
  }
  return sql.join(parts, sql` UNION ALL `);
}

/** rollupRows' rows of the systems read one by one: those of `sel` outside the sites of `bySite`. */
function systemRollupRows(
  rollup: (typeof ROLLUPS)[keyof typeof ROLLUPS],
  context: JobsContext,
  period: ReportPeriod,
  earliestCut: string | null,
  months: boolean,
  bySite: readonly string[],
): RawBuilder<unknown> {
  const cut = earliestCut !== null;
  const measures = measuresOf(rollup);
  const whole = months ? wholeMonthsOf(period) : null;
  const others = bySite.length > 0 ? sql`AND NOT (sel.site_id = ANY(${[...bySite]}::text[]))` : sql``;
  const dayRows = (from: string, to: string) => sql`SELECT r.local_day, ${measures}
    FROM ${sql.raw(rollup.day)} r JOIN sel ON sel.id = r.system_id
    WHERE r.tenant_id = ${context.tenantId} AND r.local_day BETWEEN ${from}::date AND ${to}::date ${others}
      ${beforeCutDay(cut, 'r')}`;
  if (whole === null) return dayRows(period.startDay, period.endDay);
  // Days are read before the whole months, and from the earliest cut month on (two index ranges): a system's cut
  // month (its cut day inside it) by its days before the cut day, the months after by none (all after the cut).
  const tailFrom = cut && monthStartOf(earliestCut) < whole.to ? monthStartOf(earliestCut) : whole.to;
  const monthEnd = sql.raw(`(r.local_day - extract(day FROM r.local_day)::int + 1) + interval '1 month'`);
  const cutMonth = cut
    ? sql`(r.local_day >= ${whole.to}::date OR (sel.cut_day IS NOT NULL AND ${monthEnd} > sel.cut_day))`
    : sql`true`;
  const beforeCut = cut
    ? sql.raw(`AND (sel.cut_day IS NULL OR r.month_start + interval '1 month' <= sel.cut_day)`)
    : sql``;
  const head =
    period.startDay < whole.from ? sql`${dayRows(period.startDay, addDays(whole.from, -1))} UNION ALL` : sql``;
  const tail =
    tailFrom <= period.endDay
      ? sql`${dayRows(tailFrom < whole.from ? whole.from : tailFrom, period.endDay)} AND ${cutMonth} UNION ALL`
      : sql``;
  return sql`${head} ${tail}
    SELECT r.month_start AS local_day, ${measures} FROM ${sql.raw(rollup.month)} r JOIN sel ON sel.id = r.system_id
    WHERE r.tenant_id = ${context.tenantId} AND r.month_start >= ${whole.from}::date AND r.month_start < ${whole.to}::date
      ${others} ${beforeCut}`;
}

/** Whether buckets of `granularity` may read month rows: one total, or months. */
const monthsServe = (granularity: JobsGranularity | null) => granularity === null || granularity === 'month';

/**
 * Rows of system_day (system_month for whole months; site_group_day for the sites of `bySite`) per bucket: every
 * measure but the widest film.
 */
function systemDayRows(
  context: JobsContext,
  period: ReportPeriod,
  granularity: JobsGranularity | null,
  earliestCut: string | null,
  bySite: readonly string[],
): RawBuilder<unknown> {
  return sql`SELECT ${sql.raw(bucketExpression(granularity, 'd.local_day'))} AS bucket, sum(d.jobs) AS jobs,
      sum(d.impressions) AS impressions, sum(d.media_length_mm) AS media_length_mm, sum(d.print_seconds) AS print_seconds,
      sum(d.bottles_loaded) AS bottles_loaded, ${sql.raw(inkSum.map((column) => `sum(d.${column}) AS ${column}`).join(', '))},
      0 AS widest
    FROM (${rollupRows('system', context, period, earliestCut, monthsServe(granularity), bySite)}) d
    GROUP BY 1`;
}

/** UTC instants that contain the period in every selected zone (a constant range for the time index). */
function outerBounds(context: JobsContext, period: ReportPeriod): { start: Date; end: Date } {
  const zones = context.systems.map((system) => system.timeZone);
  const starts = zones.map((zone) => localTimeToInstant(period.startDay, 0, zone));
  const ends = zones.map((zone) => localTimeToInstant(addDays(period.endDay, 1), 0, zone));
  return { start: new Date(Math.min(...starts)), end: new Date(Math.max(...ends)) };
}

/** The condition that `column` (a timestamptz) lies in the period on the clock of the row's system (`sel.time_zone`). */
function inLocalPeriod(context: JobsContext, period: ReportPeriod, column: string): RawBuilder<unknown> {
  const bounds = outerBounds(context, period);
  const next = addDays(period.endDay, 1);
  return sql`${sql.raw(column)} >= ${bounds.start} AND ${sql.raw(column)} < ${bounds.end}
    AND ${sql.raw(column)} >= (${period.startDay}::date::timestamp AT TIME ZONE sel.time_zone)
    AND ${sql.raw(column)} < (${next}::date::timestamp AT TIME ZONE sel.time_zone)`;
}

/** Rows of system_hour per local hour. */
function systemHourRows(context: JobsContext, period: ReportPeriod): RawBuilder<unknown> {
  return sql`SELECT ${sql.raw(bucketExpression('hour', '(h.hour_start AT TIME ZONE sel.time_zone)'))} AS bucket,
      sum(h.jobs) AS jobs, sum(h.impressions) AS impressions, sum(h.media_length_mm) AS media_length_mm,
      sum(h.print_seconds) AS print_seconds, sum(h.bottles_loaded) AS bottles_loaded,
      ${sql.raw(inkSum.map((column) => `sum(h.${column}) AS ${column}`).join(', '))}, 0 AS widest
    FROM system_hour h JOIN sel ON sel.id = h.system_id
    WHERE h.tenant_id = ${context.tenantId} AND ${inLocalPeriod(context, period, 'h.hour_start')}
    GROUP BY 1`;
}

/** Rows of job_day (job_month for whole months) per bucket for the filter's groups (no ink per colour, no bottles). */
function jobDayRows(
  context: JobsContext,
  period: ReportPeriod,
  granularity: JobsGranularity | null,
  filter: JobFilter,
  earliestCut: string | null = null,
) {
  const groups = jobDayGroups(filter);
  const of = (prefix: string, suffix = '') => groups.map((group) => `${prefix}${group}${suffix}`);
  const widest = groups.map((group) => `j.${jobDayMedia(group).widest}`);
  return sql`SELECT ${sql.raw(bucketExpression(granularity, 'j.local_day'))} AS bucket,
      ${sql.raw(sumOf('j', of('jobs_')))} AS jobs,
      ${sql.raw(sumOf('j', of('impressions_')))} AS impressions,
      ${sql.raw(sumOf('j', of('media_length_mm_')))} AS media_length_mm,
      ${sql.raw(sumOf('j', of('print_seconds_')))} AS print_seconds, 0 AS bottles_loaded,
      ${sql.raw(sumOf('j', of('ink_', '_ul')))} AS ink_total_ul,
      ${sql.raw(widest.length === 0 ? '0' : `max(greatest(${widest.join(', ')}))`)} AS widest
    FROM (${rollupRows('job', context, period, earliestCut, monthsServe(granularity))}) j
    GROUP BY 1`;
}

/** The condition that a job `j` is of the filter's sizes or print modes (true without one). */
function jobsOfFilter(filter: JobFilter): RawBuilder<unknown> {
  if (filter === null) return sql`true`;
  return 'sizes' in filter
    ? sql`j.size_category = ANY(${[...filter.sizes]}::text[])`
    : sql`j.print_mode = ANY(${[...filter.printModes]}::int[])`;
}

const inkTotal = INK_COLOURS.map((colour) => `j.ink_${colour}_ul::bigint`).join(' + ');

/** Rows of the raw jobs of a filtered period per local hour of their end. */
function jobHourRows(context: JobsContext, period: ReportPeriod, filter: NonNullable<JobFilter>) {
  const where = jobsOfFilter(filter);
  return sql`SELECT ${sql.raw(bucketExpression('hour', '(j.ended_at AT TIME ZONE sel.time_zone)'))} AS bucket,
      count(*) AS jobs, sum(j.impressions) AS impressions, sum(j.media_length_mm) AS media_length_mm,
      sum(extract(epoch FROM j.ended_at - j.started_at)) AS print_seconds, 0 AS bottles_loaded,
      sum(${sql.raw(inkTotal)}) AS ink_total_ul, coalesce(max(j.media_width_mm), 0) AS widest
    FROM jobs j JOIN sel ON sel.id = j.system_id
    WHERE j.tenant_id = ${context.tenantId} AND ${inLocalPeriod(context, period, 'j.ended_at')} AND ${where}
    GROUP BY 1`;
}

type MeasureRow = Record<string, string | number | null> & { bucket: string };

function toMeasures(row: MeasureRow): JobMeasures {
  const number = (column: string) => Number(row[column] ?? 0);
  const perColour = Object.fromEntries(INK_COLOURS.map((colour) => [colour, number(`ink_${colour}_ul`)])) as Record<
    InkColour,
    number
  >;
  const total = 'ink_total_ul' in row ? number('ink_total_ul') : Object.values(perColour).reduce((a, b) => a + b, 0);
  return {
    jobs: number('jobs'),
    impressions: number('impressions'),
    mediaLengthMm: number('media_length_mm'),
    printSeconds: number('print_seconds'),
    inkUl: total,
    inkPerColourUl: perColour,
    bottlesLoaded: number('bottles_loaded'),
    widestMediaWidthMm: number('widest'),
  };
}

/** Measures of a period in which no job ended. */
export function noJobs(): JobMeasures {
  return toMeasures({ bucket: '' });
}

/** Where the measures come from: the day rollups, or job_day for the per-size and per-mode figures. */
export type JobSource = 'systemDay' | 'jobDay';

/**
 * The days of `period` the rollups are read for: when every system is cut, up to the day before the latest cut day (the
 * cut days are read from the raw rows, the days after them not at all; reading them only to drop them was most of a
 * previous quarter's cost, docs/benchmarks.md). Its end may fall before its start: no rollup rows.
 */
function rollupPeriodOf(period: ReportPeriod, cuts: readonly (PeriodCut | null)[]): ReportPeriod {
  let latest = '';
  for (const cut of cuts) {
    if (cut === null) return period;
    if (cut.day > latest) latest = cut.day;
  }
  const lastDay = addDays(latest, -1);
  return lastDay < period.endDay ? { ...period, endDay: lastDay } : period;
}

/** The cut of each selected system in `period` (null: read whole), worked out once per time zone. */
function cutsOf(context: JobsContext, period: ReportPeriod, until: ReadUntil): (PeriodCut | null)[] {
  const byZone = new Map<string, PeriodCut | null>();
  return context.systems.map((system) => {
    if (!byZone.has(system.timeZone)) {
      byZone.set(system.timeZone, periodCutOf(period, system.timeZone, until(system.timeZone)));
    }
    return byZone.get(system.timeZone) ?? null;
  });
}

/**
 * The totals of the cut day, from its start to the cut, of every cut system (`sel` with `cut_day`, `cut_from`,
 * `until_at`): its jobs (of the filter) and, from system_day's source, its ink loads; shaped like `source`'s rows.
 */
function cutDayRows(context: JobsContext, filter: JobFilter, source: JobSource, cuts: readonly PeriodCut[]) {
  const bounds = {
    start: new Date(Math.min(...cuts.map((cut) => cut.from))),
    end: new Date(Math.max(...cuts.map((cut) => cut.until))),
  };
  const inCutDay = (column: string) => sql`${sql.raw(column)} >= ${bounds.start} AND ${sql.raw(column)} < ${bounds.end}
    AND ${sql.raw(column)} >= sel.cut_from AND ${sql.raw(column)} < sel.until_at`;
  const jobs = sql`count(*) AS jobs, sum(j.impressions) AS impressions, sum(j.media_length_mm) AS media_length_mm,
    sum(extract(epoch FROM j.ended_at - j.started_at)) AS print_seconds, 0 AS bottles_loaded`;
  const from = sql`FROM jobs j JOIN sel ON sel.id = j.system_id
    WHERE j.tenant_id = ${context.tenantId} AND ${inCutDay('j.ended_at')} AND ${jobsOfFilter(filter)}`;
  if (source === 'jobDay') {
    return sql`SELECT '' AS bucket, ${jobs}, sum(${sql.raw(inkTotal)}) AS ink_total_ul,
      coalesce(max(j.media_width_mm), 0) AS widest ${from}`;
  }
  const noInk = inkSum.map((column) => `0 AS ${column}`).join(', ');
  return sql`SELECT '' AS bucket, ${jobs}, ${sql.raw(inkSum.map((column) => `sum(j.${column}) AS ${column}`).join(', '))},
      0 AS widest ${from}
    UNION ALL
    SELECT '' AS bucket, 0, 0, 0, 0, count(*), ${sql.raw(noInk)}, 0
    FROM ink_loads l JOIN sel ON sel.id = l.system_id
    WHERE l.tenant_id = ${context.tenantId} AND ${inCutDay('l.loaded_at')}`;
}

/**
 * The selected systems (`sel`); when `cuts` (the systems', in order) has any, with each one's cut day, the start of
 * its part in the period and the cut.
 */
export function selection(context: JobsContext, cuts: readonly (PeriodCut | null)[] = []): RawBuilder<unknown> {
  const ids = context.systems.map((system) => system.id);
  const zones = context.systems.map((system) => system.timeZone);
  const sites = context.systems.map((system) => system.siteId);
  if (cuts.every((cut) => cut === null)) {
    return sql`SELECT * FROM unnest(${ids}::text[], ${zones}::text[], ${sites}::text[]) AS s(id, time_zone, site_id)`;
  }
  const instant = (pick: (cut: PeriodCut) => number) =>
    cuts.map((cut) => (cut === null ? null : new Date(pick(cut)).toISOString()));
  return sql`SELECT * FROM unnest(${ids}::text[], ${zones}::text[], ${sites}::text[],
      ${cuts.map((cut) => cut?.day ?? null)}::date[], ${instant((cut) => cut.from)}::timestamptz[],
      ${instant((cut) => cut.until)}::timestamptz[])
    AS s(id, time_zone, site_id, cut_day, cut_from, until_at)`;
}

/**
 * The whole sites (every system of the site and group selected) whose system_day measures are read from site_group_day,
 * a row per site and day: every one without month rows; with them (`months`), those whose days in `period` are no more
 * than their systems' rows (a month row a system and whole month, a day row a system and other day).
 */
function sitesReadByDay(context: JobsContext, period: ReportPeriod, months: boolean): string[] {
  const { sites } = splitBySite(context.systems);
  if (!months) return sites;
  const days = daysBetween(period.startDay, period.endDay) + 1;
  const whole = wholeMonthsOf(period);
  const rowsPerSystem =
    whole === null ? days : days - daysBetween(whole.from, whole.to) + monthsBetween(whole.from, whole.to);
  const systemsOf = (site: string) => context.systems.find((system) => system.siteId === site)?.siteGroupSystems ?? 0;
  return sites.filter((site) => days <= systemsOf(site) * rowsPerSystem);
}

/** The number of months from the first day of a month to that of a later one. */
function monthsBetween(from: string, to: string): number {
  const { year: fromYear, month: fromMonth } = parseDay(from);
  const { year: toYear, month: toMonth } = parseDay(to);
  return (toYear - fromYear) * 12 + toMonth - fromMonth;
}

/** `sel_site`: the sites of `bySite`, with their cut day (a site lies in one time zone: its systems share one cut). */
function siteSelection(
  context: JobsContext,
  bySite: readonly string[],
  cuts: readonly (PeriodCut | null)[] = [],
): RawBuilder<unknown> {
  const cutDay = (site: string) => cuts[context.systems.findIndex((system) => system.siteId === site)]?.day ?? null;
  return sql`SELECT * FROM unnest(${[...bySite]}::text[], ${bySite.map(cutDay)}::date[]) AS s(id, cut_day)`;
}

/**
 * Measures of the selected systems in `period` by bucket (`granularity`, or one total under '' when null). Unfiltered
 * from system_day / system_hour unless `source` is 'jobDay' (the widest film needs it); filtered from job_day, or from
 * the jobs of the day for hours.
 */
export async function loadJobMeasures(
  context: JobsContext,
  period: ReportPeriod,
  granularity: JobsGranularity | null,
  filter: JobFilter,
  source: JobSource = filter === null ? 'systemDay' : 'jobDay',
): Promise<Map<string, JobMeasures>> {
  if (context.systems.length === 0) return new Map();
  const bySite =
    source === 'systemDay' && granularity !== 'hour' ? sitesReadByDay(context, period, monthsServe(granularity)) : [];
  const rows = (() => {
    if (source === 'systemDay') {
      return granularity === 'hour'
        ? systemHourRows(context, period)
        : systemDayRows(context, period, granularity, null, bySite);
    }
    if (granularity === 'hour') return jobHourRows(context, period, filter ?? { sizes: JOB_SIZES });
    return jobDayRows(context, period, granularity, filter);
  })();
  const { rows: result } = await sql<MeasureRow>`
    WITH sel AS (${selection(context)}), sel_site AS (${siteSelection(context, bySite)})
    ${rows}`.execute(context.db);
  return new Map(result.map((row) => [row.bucket, toMeasures(row)]));
}

/**
 * The measures of the selected systems in `period` in total, each time zone's systems read up to `until`
 * (period-progress.ts). Unfiltered from system_day unless `source` is 'jobDay'; filtered from job_day.
 */
export async function loadJobTotals(
  context: JobsContext,
  period: ReportPeriod,
  until: ReadUntil,
  filter: JobFilter,
  source: JobSource = filter === null ? 'systemDay' : 'jobDay',
): Promise<JobMeasures> {
  if (context.systems.length === 0) return noJobs();
  const cuts = cutsOf(context, period, until);
  const present = cuts.filter((cut) => cut !== null);
  const cut = present.length > 0;
  const earliestCut = cut ? present.map((entry) => entry.day).reduce((a, b) => (a < b ? a : b)) : null;
  const read = rollupPeriodOf(period, cuts);
  const bySite = source === 'systemDay' ? sitesReadByDay(context, read, true) : [];
  const days =
    source === 'systemDay'
      ? systemDayRows(context, read, null, earliestCut, bySite)
      : jobDayRows(context, read, null, filter, earliestCut);
  const columns = source === 'systemDay' ? inkSum : ['ink_total_ul'];
  const sums = ['jobs', 'impressions', 'media_length_mm', 'print_seconds', 'bottles_loaded', ...columns]
    .map((column) => `sum(u.${column}) AS ${column}`)
    .join(', ');
  const rows = cut
    ? sql`SELECT '' AS bucket, ${sql.raw(sums)}, max(u.widest) AS widest
      FROM (${days} UNION ALL ${cutDayRows(context, filter, source, present)}) u`
    : days;
  const { rows: result } = await sql<MeasureRow>`
    WITH sel AS (${selection(context, cuts)}), sel_site AS (${siteSelection(context, bySite, cuts)})
    ${rows}`.execute(context.db);
  return result[0] === undefined ? noJobs() : toMeasures(result[0]);
}
