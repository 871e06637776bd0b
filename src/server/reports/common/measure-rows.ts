import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ReportPeriod } from '../../../shared/api-types.ts';
import { emptyMeasures, type KpiMeasures } from '../../../shared/kpi/index.ts';
import type { SystemGroup } from '../../../shared/system-group.ts';
import { addDays, localTimeToInstant } from '../../../shared/time/local-time.ts';
import type { Database } from '../../db/schema.ts';
import { STATUSES } from '../../ingest/measures.ts';
import { rawMeasureJoins, rawStatusJoin, statusScanEnd } from '../../ingest/rollups.sql.ts';
import { scopedSystems, type UserScope } from '../../users/current-user.ts';
import { coversWholeDays } from './report-period.ts';
import { periodCutOf, WHOLE_PERIOD, type PeriodCut, type ReadUntil } from './period-progress.ts';

/**
 * KPI measures of the selected systems over a period, read from the rollups (docs/architecture.md §5): `system_day` for
 * whole local days, `system_hour` where hours matter (hour-of-day views, the partial first and last day of a custom range
 * with hours). Each system's local days and hours are those of its own site's time zone. When the measures are not
 * asked per system, the systems that make up every system of their site and group come from the site rollups
 * (`site_group_day`, `site_group_hour`, migration 010) instead: one row per site rather than one per system.
 * A period in progress is read up to a cut (period-progress.ts): the rollups up to the hour holding it, that hour's
 * part before it from the raw rows.
 */

/** A system the report covers: in the user's scope, of the group, and selected (no selection = all). */
export interface SelectedSystem {
  id: string;
  serialNumber: string;
  nickname: string | null;
  timeZone: string;
  everReported: boolean;
  siteId: string;
  group: SystemGroup;
  /** How many systems of this group the site has (in the tenant, whatever the user's scope). */
  siteGroupSystems: number;
}

/** The columns of `systems` joined with `sites` a SelectedSystem is made of (`selectedSystemOf`). */
export const SELECTED_SYSTEM_COLUMNS = [
  'systems.id',
  'systems.serial_number',
  'systems.nickname',
  'systems.ever_reported',
  'systems.site_id',
  'sites.time_zone',
] as const;

/** A system the report covers, from its row of `SELECTED_SYSTEM_COLUMNS`. */
export function selectedSystemOf(
  row: {
    id: string;
    serial_number: string;
    nickname: string | null;
    ever_reported: boolean;
    site_id: string;
    time_zone: string;
  },
  group: SystemGroup,
  siteGroupSystems: number,
): SelectedSystem {
  return {
    id: row.id,
    serialNumber: row.serial_number,
    nickname: row.nickname,
    timeZone: row.time_zone,
    everReported: row.ever_reported,
    siteId: row.site_id,
    group,
    siteGroupSystems,
  };
}

/** The systems of `group` in `scope`, restricted to `serialNumbers` unless it is empty; ordered by serial number. */
export async function selectedSystems(
  db: Kysely<Database>,
  scope: UserScope,
  group: SystemGroup,
  serialNumbers: readonly string[],
): Promise<SelectedSystem[]> {
  const rows = await scopedSystems(db, scope)
    .where('systems.system_group', '=', group)
    .$if(serialNumbers.length > 0, (qb) => qb.where('systems.serial_number', 'in', [...serialNumbers]))
    .innerJoin('sites', (join) =>
      join.onRef('sites.tenant_id', '=', 'systems.tenant_id').onRef('sites.id', '=', 'systems.site_id'),
    )
    // How many systems of the group each site has: one count per site, whatever the user's scope.
    .innerJoin(
      (eb) =>
        eb
          .selectFrom('systems as peers')
          .where('peers.system_group', '=', group)
          .groupBy(['peers.tenant_id', 'peers.site_id'])
          .select(['peers.tenant_id', 'peers.site_id', eb.fn.countAll<string>().as('systems')])
          .as('site_counts'),
      (join) =>
        join
          .onRef('site_counts.tenant_id', '=', 'systems.tenant_id')
          .onRef('site_counts.site_id', '=', 'systems.site_id'),
    )
    .select([...SELECTED_SYSTEM_COLUMNS, 'site_counts.systems as site_group_systems'])
    .orderBy('systems.serial_number')
    .execute();
  return rows.map((row) => selectedSystemOf(row, group, Number(row.site_group_systems)));
}

/** Which keys the measures are grouped by; none gives one total row. */
export interface MeasureGrouping {
  system?: boolean;
  day?: boolean;
  hour?: boolean;
}

/** Measures of one group of rollup rows; keys not grouped by are null. */
export interface MeasureRow {
  systemId: string | null;
  /** Local day yyyy-MM-dd. */
  day: string | null;
  /** Local hour of day 0–23. */
  hour: number | null;
  measures: KpiMeasures;
}

/** Rollup columns read, and the KpiMeasures field each one fills. */
const MEASURE_COLUMNS = {
  impressions: 'impressions',
  dark_impressions: 'darkImpressions',
  jobs: 'jobs',
  media_length_mm: 'mediaLengthMm',
  printing_seconds: 'printingSeconds',
  preparation_seconds: 'preparationSeconds',
  idle_seconds: 'idleSeconds',
  error_seconds: 'errorSeconds',
  maintenance_seconds: 'maintenanceSeconds',
  not_reporting_seconds: 'notReportingSeconds',
} as const satisfies Record<string, keyof KpiMeasures>;
export type MeasureColumn = keyof typeof MEASURE_COLUMNS;
/** The rollup tables' measure columns (`system_day`, `system_hour`, the site rollups): what `rollupMeasures` reads. */
export const MEASURE_COLUMN_NAMES = Object.keys(MEASURE_COLUMNS) as MeasureColumn[];

/**
 * The status columns of the time a system reported (`reportedSeconds`): read alone when a report needs only whether,
 * and how long, systems reported (OEE), a partial hour is then measured from the status intervals alone.
 */
export const REPORTED_STATUS_COLUMNS = [
  'printing_seconds',
  'preparation_seconds',
  'idle_seconds',
  'error_seconds',
  'maintenance_seconds',
] as const satisfies readonly MeasureColumn[];

const STATUS_COLUMNS = new Set<string>(STATUSES.map((status) => status.column));
/** Whether every column of `columns` is measured by the status intervals alone (rawStatusJoin). */
const onlyStatuses = (columns: readonly MeasureColumn[]) => columns.every((column) => STATUS_COLUMNS.has(column));

/** A wall-clock window of one system's site: from `fromHour` on `fromDay` to the end of `toHour` on `toDay`. */
interface HourWindow {
  fromDay: string;
  fromHour: number;
  toDay: string;
  toHour: number;
}

const columnsOf = (alias: string, columns: readonly MeasureColumn[]) =>
  sql.raw(columns.map((column) => `${alias}.${column}`).join(', '));

/**
 * The UTC instants that contain the window in every zone: a constant range on hour_start lets the planner use the
 * (tenant_id, system_id, hour_start) key as a range scan instead of reading each system's whole history.
 */
function outerBounds(window: HourWindow, timeZones: readonly string[]): { start: Date; end: Date } {
  const starts = timeZones.map((zone) => localTimeToInstant(window.fromDay, window.fromHour * 60, zone));
  const ends = timeZones.map((zone) => localTimeToInstant(window.toDay, (window.toHour + 1) * 60, zone));
  return { start: new Date(Math.min(...starts)), end: new Date(Math.max(...ends)) };
}

/**
 * Hourly rows of the window, summed per UTC hour and time zone (and per system when `bySystem`) before the local day and
 * hour are computed: the time-zone conversion then runs once per hour and zone, not once per system and hour.
 */
function hourRows(
  tenantId: string,
  window: HourWindow,
  sources: Pick<RowSources, 'timeZones' | 'bySystem' | 'cut' | 'columns'>,
): RawBuilder<unknown> {
  const { timeZones, bySystem, cut, columns } = sources;
  const bounds = outerBounds(window, timeZones);
  const system = sql.raw(bySystem ? 'h.system_id' : 'NULL::text');
  const sums = sql.raw(columns.map((column) => `sum(h.${column}) AS ${column}`).join(', '));
  const local = sql`(u.hour_start AT TIME ZONE u.time_zone)`;
  return sql`SELECT u.system_id, to_char(${local}, 'YYYY-MM-DD') AS local_day,
      extract(hour FROM ${local})::int AS local_hour, ${columnsOf('u', columns)}
    FROM (
      SELECT ${system} AS system_id, sel.time_zone, h.hour_start, ${sums}
      FROM system_hour h JOIN sel ON sel.id = h.system_id
      WHERE h.tenant_id = ${tenantId}
        AND h.hour_start >= ${bounds.start} AND h.hour_start < ${bounds.end}
        AND h.hour_start >= ((${window.fromDay}::date + make_interval(hours => ${window.fromHour}::int)) AT TIME ZONE sel.time_zone)
        AND h.hour_start < ((${window.toDay}::date + make_interval(hours => ${window.toHour + 1}::int)) AT TIME ZONE sel.time_zone)
        ${cut ? sql`AND (sel.cut_from IS NULL OR h.hour_start < sel.cut_from)` : sql``}
      GROUP BY 1, sel.time_zone, h.hour_start
    ) u`;
}

/** Rows of a rollup `alias` keyed by local day before the cut day of their system or site (`cte`), when cut. */
const beforeCutDay = (cut: boolean, alias: string, cte: string) =>
  cut ? sql.raw(`AND (${cte}.cut_day IS NULL OR ${alias}.local_day < ${cte}.cut_day)`) : sql``;

/** Hourly rows of the window from the site rollup, for the whole sites of `sel_site`. */
function siteHourRows(
  tenantId: string,
  group: SystemGroup,
  window: HourWindow,
  { cut, columns }: Pick<RowSources, 'cut' | 'columns'>,
): RawBuilder<unknown> {
  return sql`SELECT NULL::text AS system_id, to_char(h.local_day, 'YYYY-MM-DD') AS local_day,
      h.local_hour::int AS local_hour, ${columnsOf('h', columns)}
    FROM site_group_hour h JOIN sel_site ON sel_site.id = h.site_id
    WHERE h.tenant_id = ${tenantId} AND h.system_group = ${group}
      AND h.local_day BETWEEN ${window.fromDay}::date AND ${window.toDay}::date
      AND (h.local_day > ${window.fromDay}::date OR h.local_hour >= ${window.fromHour})
      AND (h.local_day < ${window.toDay}::date OR h.local_hour <= ${window.toHour})
      ${beforeCutDay(cut, 'h', 'sel_site')}`;
}

function dayRows(
  tenantId: string,
  fromDay: string,
  toDay: string,
  { cut, columns }: Pick<RowSources, 'cut' | 'columns'>,
): RawBuilder<unknown> {
  return sql`SELECT d.system_id, to_char(d.local_day, 'YYYY-MM-DD') AS local_day, NULL::int AS local_hour,
      ${columnsOf('d', columns)}
    FROM system_day d JOIN sel ON sel.id = d.system_id
    WHERE d.tenant_id = ${tenantId} AND d.local_day BETWEEN ${fromDay}::date AND ${toDay}::date
      ${beforeCutDay(cut, 'd', 'sel')}`;
}

function siteDayRows(
  tenantId: string,
  group: SystemGroup,
  fromDay: string,
  toDay: string,
  { cut, columns }: Pick<RowSources, 'cut' | 'columns'>,
): RawBuilder<unknown> {
  return sql`SELECT NULL::text AS system_id, to_char(d.local_day, 'YYYY-MM-DD') AS local_day, NULL::int AS local_hour,
      ${columnsOf('d', columns)}
    FROM site_group_day d JOIN sel_site ON sel_site.id = d.site_id
    WHERE d.tenant_id = ${tenantId} AND d.system_group = ${group}
      AND d.local_day BETWEEN ${fromDay}::date AND ${toDay}::date
      ${beforeCutDay(cut, 'd', 'sel_site')}`;
}

/**
 * The cut day's hours before the hour holding the cut, from the hourly rollup, for the systems of `sel_cut` whose site
 * rollup does not hold them (`site_hours`): `bounds` holds every system's `[from_at, hour_at)`.
 */
function cutDayHourRows(
  tenantId: string,
  { bySystem, columns }: Pick<RowSources, 'bySystem' | 'columns'>,
  bounds: { start: Date; end: Date },
): RawBuilder<unknown> {
  const local = sql`(h.hour_start AT TIME ZONE c.time_zone)`;
  return sql`SELECT ${sql.raw(bySystem ? 'c.id' : 'NULL::text')} AS system_id, to_char(${local}, 'YYYY-MM-DD') AS local_day,
      extract(hour FROM ${local})::int AS local_hour, ${columnsOf('h', columns)}
    FROM system_hour h JOIN sel_cut c ON c.id = h.system_id
    WHERE h.tenant_id = ${tenantId} AND h.hour_start >= ${bounds.start} AND h.hour_start < ${bounds.end}
      AND h.hour_start >= c.from_at AND h.hour_start < c.hour_at AND NOT c.site_hours`;
}

/**
 * The cut day's hours before the hour holding the cut from the site rollup, for the whole sites of `sel_site` whose cut
 * allows it (`cut_to_hour` not null): one row per site and hour instead of one per system and hour.
 */
function siteCutDayHourRows(
  tenantId: string,
  group: SystemGroup,
  { columns }: Pick<RowSources, 'columns'>,
): RawBuilder<unknown> {
  return sql`SELECT NULL::text AS system_id, to_char(h.local_day, 'YYYY-MM-DD') AS local_day,
      h.local_hour::int AS local_hour, ${columnsOf('h', columns)}
    FROM site_group_hour h JOIN sel_site ON sel_site.id = h.site_id
    WHERE h.tenant_id = ${tenantId} AND h.system_group = ${group} AND h.local_day = sel_site.cut_day
      AND h.local_hour >= sel_site.cut_from_hour AND h.local_hour < sel_site.cut_to_hour`;
}

/**
 * The hour holding the cut, from its start to the cut, measured from the raw rows as the rollups measure an hour (from
 * the status intervals alone when only status columns are asked for). Its status intervals are found by their end: the
 * selected period's cut hour is the hour in progress, after whose start few intervals end. The statement's CTE
 * `cut_hour`: every grouping of a statement reads it (loadMeasureSets), so the raw rows are read once per statement.
 */
function partialHourRows(
  tenantId: string,
  { bySystem, columns }: Pick<RowSources, 'bySystem' | 'columns'>,
): RawBuilder<unknown> {
  const values = columns.map((column) => `coalesce(${column}, 0) AS ${column}`).join(', ');
  return sql`SELECT ${sql.raw(bySystem ? 'k.system_id' : 'NULL::text')} AS system_id, k.local_day, k.local_hour,
      ${sql.raw(values)}
    FROM (SELECT c.id AS system_id, c.hour_at AS period_start, c.until_at AS period_end, c.ended_before, c.local_day,
        c.local_hour
      FROM sel_cut c WHERE c.hour_at < c.until_at) k
    ${onlyStatuses(columns) ? rawStatusJoin(tenantId, { by: 'end' }) : rawMeasureJoins(tenantId, { by: 'end' })}`;
}

/**
 * Where the rows come from: the systems of `sel` (their time zones) from the system rollups, and, unless `siteGroup` is
 * null, the whole sites of `sel_site` from the site rollups of that group.
 */
interface RowSources {
  tenantId: string;
  timeZones: readonly string[];
  bySystem: boolean;
  siteGroup: SystemGroup | null;
  /** Whether `sel` and `sel_site` carry cuts (`cut_day`, `cut_from`): their rollups stop at the cut day. */
  cut: boolean;
  /** The measure columns read. */
  columns: readonly MeasureColumn[];
}

function windowRows(sources: RowSources, window: HourWindow): RawBuilder<unknown>[] {
  const { tenantId, timeZones, siteGroup } = sources;
  return [
    ...(timeZones.length > 0 ? [hourRows(tenantId, window, sources)] : []),
    ...(siteGroup === null ? [] : [siteHourRows(tenantId, siteGroup, window, sources)]),
  ];
}

function wholeDayRows(sources: RowSources, fromDay: string, toDay: string): RawBuilder<unknown>[] {
  const { tenantId, timeZones, siteGroup } = sources;
  return [
    ...(timeZones.length > 0 ? [dayRows(tenantId, fromDay, toDay, sources)] : []),
    ...(siteGroup === null ? [] : [siteDayRows(tenantId, siteGroup, fromDay, toDay, sources)]),
  ];
}

/**
 * The rollup rows of the period: whole days from the day rollups unless hours are asked for; a custom range's partial
 * first and last days from the hour rollups, its whole days in between from the day rollups.
 */
function periodRows(sources: RowSources, period: ReportPeriod, grouping: MeasureGrouping): RawBuilder<unknown>[] {
  const { startDay, endDay, startHour, endHour } = period;
  const hours = (window: HourWindow) => windowRows(sources, window);
  const whole = { fromDay: startDay, fromHour: startHour, toDay: endDay, toHour: endHour };
  if (grouping.hour === true) return hours(whole);
  if (coversWholeDays(period)) return wholeDayRows(sources, startDay, endDay);
  if (startDay === endDay) return hours(whole);
  const parts = [
    ...hours({ fromDay: startDay, fromHour: startHour, toDay: startDay, toHour: 23 }),
    ...hours({ fromDay: endDay, fromHour: 0, toDay: endDay, toHour: endHour }),
  ];
  const firstWhole = addDays(startDay, 1);
  const lastWhole = addDays(endDay, -1);
  return firstWhole <= lastWhole ? [...parts, ...wholeDayRows(sources, firstWhole, lastWhole)] : parts;
}

/** The selected systems that make up every system of their site and group, by site; the rest by system. */
export function splitBySite(systems: readonly SelectedSystem[]): { sites: string[]; rest: SelectedSystem[] } {
  const selectedPerSite = new Map<string, number>();
  for (const system of systems) selectedPerSite.set(system.siteId, (selectedPerSite.get(system.siteId) ?? 0) + 1);
  const whole = (system: SelectedSystem) => selectedPerSite.get(system.siteId) === system.siteGroupSystems;
  return {
    sites: [...new Set(systems.filter(whole).map((system) => system.siteId))],
    rest: systems.filter((system) => !whole(system)),
  };
}

type SqlRow = { system_id: string | null; local_day: string | null; local_hour: number | null } & Partial<
  Record<MeasureColumn, number>
>;

/** The KPI measures of a rollup row (its measure columns, numbers or numeric text; a column not read counts 0). */
export function rollupMeasures(row: Readonly<Record<string, unknown>>): KpiMeasures {
  const measures = emptyMeasures();
  for (const column of MEASURE_COLUMN_NAMES) measures[MEASURE_COLUMNS[column]] = Number(row[column] ?? 0);
  // Handling (loading) time between jobs is recorded as Preparation status time (docs/kpi-glossary.md).
  measures.handlingSeconds = measures.preparationSeconds;
  measures.periodSeconds =
    measures.printingSeconds +
    measures.preparationSeconds +
    measures.idleSeconds +
    measures.errorSeconds +
    measures.maintenanceSeconds +
    measures.notReportingSeconds;
  return measures;
}

/** The cut of each selected system's period by id (null: read whole), worked out once per time zone. */
function cutsOf(
  systems: readonly SelectedSystem[],
  period: ReportPeriod,
  until: ReadUntil,
): Map<string, PeriodCut | null> {
  const byZone = new Map<string, PeriodCut | null>();
  const cutIn = (timeZone: string) => {
    if (!byZone.has(timeZone)) byZone.set(timeZone, periodCutOf(period, timeZone, until(timeZone)));
    return byZone.get(timeZone) ?? null;
  };
  return new Map(systems.map((system) => [system.id, cutIn(system.timeZone)]));
}

const iso = (time: number) => new Date(time).toISOString();

/**
 * The CTEs of the selected systems: `sel` (read from the system rollups), `sel_site` (the sites read from the site
 * rollups) and, when some are cut, `sel_cut` (every cut system, site rollups' too). With cuts, `sel` and `sel_site`
 * carry the day from which their rollups are not read (`cut_day`, and `cut_from` for `sel`'s hours).
 */
function selectionCtes(
  systems: readonly SelectedSystem[],
  split: { sites: string[]; rest: readonly SelectedSystem[] },
  cuts: ReadonlyMap<string, PeriodCut | null>,
  period: ReportPeriod,
): RawBuilder<unknown> {
  const { sites, rest } = split;
  const ids = rest.map((system) => system.id);
  const zones = rest.map((system) => system.timeZone);
  const cut = (system: SelectedSystem) => cuts.get(system.id) ?? null;
  const cutSystems = systems.filter((system) => cut(system) !== null);
  if (cutSystems.length === 0) {
    return sql`sel AS (
      SELECT * FROM unnest(${ids}::text[], ${zones}::text[]) AS s(id, time_zone)
    ), sel_site AS (SELECT unnest(${sites}::text[]) AS id)`;
  }
  // A site lies in one time zone: its systems share one cut.
  const siteCuts = new Map(systems.map((system) => [system.siteId, cut(system)]));
  const siteHours = new Map(sites.map((site) => [site, siteHoursOfCut(siteCuts.get(site) ?? null, period)]));
  const cutColumn = <T>(pick: (value: PeriodCut) => T) => cutSystems.map((system) => pick(cut(system) as PeriodCut));
  const cutFrom = (system: SelectedSystem) => {
    const value = cut(system);
    return value === null ? null : iso(value.from);
  };
  return sql`sel AS (
      SELECT * FROM unnest(${ids}::text[], ${zones}::text[], ${rest.map((system) => cut(system)?.day ?? null)}::date[],
        ${rest.map(cutFrom)}::timestamptz[]) AS s(id, time_zone, cut_day, cut_from)
    ), sel_site AS (
      SELECT * FROM unnest(${sites}::text[], ${sites.map((site) => siteCuts.get(site)?.day ?? null)}::date[],
        ${sites.map((site) => siteHours.get(site)?.from ?? null)}::smallint[],
        ${sites.map((site) => siteHours.get(site)?.to ?? null)}::smallint[])
        AS s(id, cut_day, cut_from_hour, cut_to_hour)
    ), sel_cut AS (
      SELECT * FROM unnest(${cutSystems.map((system) => system.id)}::text[],
        ${cutSystems.map((system) => system.timeZone)}::text[],
        ${cutColumn((value) => iso(value.from))}::timestamptz[], ${cutColumn((value) => iso(value.hourStart))}::timestamptz[],
        ${cutColumn((value) => iso(value.until))}::timestamptz[],
        ${cutColumn((value) => iso(statusScanEnd(value.until)))}::timestamptz[], ${cutColumn((value) => value.day)}::text[],
        ${cutColumn((value) => value.localHour)}::int[],
        ${cutSystems.map((system) => (siteHours.get(system.siteId) ?? null) !== null)}::boolean[])
        AS s(id, time_zone, from_at, hour_at, until_at, ended_before, local_day, local_hour, site_hours)
    )`;
}

const HOUR_MS = 3_600_000;

/**
 * The local hours `[from, to)` of the cut day that the site rollups hold as the system rollup's hours `[cut.from,
 * cut.hourStart)`; null (the site's systems read from the system rollup) without a cut, and where a clock change lies
 * between them: the site rollup sums the repeated hour of the autumn change in one row, the cut may fall between its two.
 */
function siteHoursOfCut(cut: PeriodCut | null, period: ReportPeriod): { from: number; to: number } | null {
  if (cut === null) return null;
  const from = cut.day === period.startDay ? period.startHour : 0;
  const hours = cut.localHour - from;
  return hours >= 0 && cut.hourStart - cut.from === hours * HOUR_MS ? { from, to: cut.localHour } : null;
}

/**
 * The rows of the cut systems' cut day: its whole hours from the hourly rollups (the site rollup's for whole sites), the
 * hour holding the cut from raw rows.
 */
function cutDayRows(sources: RowSources, cuts: readonly (PeriodCut | null)[]): RawBuilder<unknown>[] {
  const present = cuts.filter((cut) => cut !== null);
  if (present.length === 0) return [];
  const bounds = {
    start: new Date(Math.min(...present.map((cut) => cut.from))),
    end: new Date(Math.max(...present.map((cut) => cut.hourStart))),
  };
  const { tenantId, siteGroup } = sources;
  return [
    cutDayHourRows(tenantId, sources, bounds),
    ...(siteGroup === null ? [] : [siteCutDayHourRows(tenantId, siteGroup, sources)]),
    sql`SELECT * FROM cut_hour`,
  ];
}

/**
 * Summed measures of `systems` in `period`, grouped by system, local day and/or local hour of day; each time zone's
 * systems read up to `until` (period-progress.ts; default: the whole period). Only `columns` are read (default: every
 * measure; the others count 0).
 */
export async function loadMeasures(
  db: Kysely<Database>,
  tenantId: string,
  systems: readonly SelectedSystem[],
  period: ReportPeriod,
  grouping: MeasureGrouping = {},
  until: ReadUntil = WHOLE_PERIOD,
  columns: readonly MeasureColumn[] = MEASURE_COLUMN_NAMES,
): Promise<MeasureRow[]> {
  const [rows = []] = await loadMeasureSets(db, tenantId, systems, period, [grouping], until, columns);
  return rows;
}

/** The SQL keys of a grouping's rows: a column it groups by, NULL for the others. */
function groupingKeys(grouping: MeasureGrouping): string[] {
  return [
    grouping.system === true ? 'r.system_id' : 'NULL::text',
    grouping.day === true ? 'r.local_day' : 'NULL::text',
    grouping.hour === true ? 'r.local_hour' : 'NULL::int',
  ];
}

/**
 * loadMeasures of one period for several groupings (a chart's buckets and its hours of day) in one statement, a list of
 * rows per grouping in their order: a period in progress reads the hour holding its cut from the raw rows once for
 * all of them (the CTE `cut_hour`, materialised once when read twice). The groupings agree on `system`: it decides
 * which systems are read by site.
 */
export async function loadMeasureSets(
  db: Kysely<Database>,
  tenantId: string,
  systems: readonly SelectedSystem[],
  period: ReportPeriod,
  groupings: readonly MeasureGrouping[],
  until: ReadUntil = WHOLE_PERIOD,
  columns: readonly MeasureColumn[] = MEASURE_COLUMN_NAMES,
): Promise<MeasureRow[][]> {
  if (systems.length === 0 || groupings.length === 0) return groupings.map(() => []);
  const bySystem = groupings[0]?.system === true;
  if (groupings.some((grouping) => (grouping.system === true) !== bySystem)) {
    throw new Error('loadMeasureSets: the groupings must agree on grouping by system');
  }
  const sums = columns.map((column) => `coalesce(sum(r.${column}), 0)::float8 AS ${column}`).join(', ');
  const split = bySystem ? { sites: [], rest: systems } : splitBySite(systems);
  const cuts = cutsOf(systems, period, until);
  const sources: RowSources = {
    tenantId,
    timeZones: [...new Set(split.rest.map((system) => system.timeZone))],
    bySystem,
    siteGroup: split.sites[0] === undefined ? null : (systems[0]?.group ?? null),
    cut: [...cuts.values()].some((cut) => cut !== null),
    columns,
  };
  const cutRows = cutDayRows(sources, [...cuts.values()]);
  const selects = groupings.map((grouping, index) => {
    const keys = groupingKeys(grouping);
    const groupBy = keys.filter((key) => !key.startsWith('NULL'));
    const rows = sql.join([...periodRows(sources, period, grouping), ...cutRows], sql` UNION ALL `);
    return sql`SELECT ${index}::int AS grouping_set, ${sql.raw(keys.join(', '))}, ${sql.raw(sums)}
      FROM (${rows}) r ${groupBy.length > 0 ? sql.raw(`GROUP BY ${groupBy.join(', ')}`) : sql``}`;
  });
  const { rows: result } = await sql<SqlRow & { grouping_set: number }>`
    WITH ${selectionCtes(systems, split, cuts, period)}${cutRows.length > 0 ? sql`, cut_hour AS (${partialHourRows(tenantId, sources)})` : sql``}
    SELECT * FROM (${sql.join(selects, sql` UNION ALL `)}) g (grouping_set, system_id, local_day, local_hour, ${sql.raw(columns.join(', '))})
    ORDER BY grouping_set, system_id, local_day, local_hour`.execute(db);
  return groupings.map((_, index) =>
    result
      .filter((row) => row.grouping_set === index)
      .map((row) => ({
        systemId: row.system_id,
        day: row.local_day,
        hour: row.local_hour === null ? null : Number(row.local_hour),
        measures: rollupMeasures(row),
      })),
  );
}
