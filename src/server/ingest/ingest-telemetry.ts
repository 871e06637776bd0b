import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { sql, type Kysely } from 'kysely';
import type { IngestResult } from '../../shared/contract/health.contract.ts';
import type { Database } from '../db/schema.ts';
import { ingestNoticesOf } from '../live/ingest-notices.ts';
import { MAX_STATUS_INTERVAL_HOURS } from './measures.ts';
import type { DeferredRollups } from './deferred-rollups.ts';
import { TouchedKeys } from './rollup-keys.ts';
import { recomputeRollups } from './rollups.sql.ts';
import { keepPlannedHours, type PlannedChange } from './planned-hours.sql.ts';
import { calendarProblems, calendarRecordProblem, isCalendarRecord, storeCalendar } from './shift-calendar-records.ts';
import { telemetryRecordSchema, type TelemetryRecord } from './telemetry.schema.ts';
import { foldBatch } from './record-identities.ts';

/** How far ahead of the server clock a record's timestamps may be by default (PORTAL_INGEST_FUTURE_TOLERANCE_MS). */
export const DEFAULT_FUTURE_TOLERANCE_MS = 5 * 60_000;

/** How a batch is checked against the clock. */
export interface IngestOptions {
  /** The server clock (default: now). */
  now?: Date;
  /**
   * How far ahead of `now` a timestamp may be (gateway clocks drift a little); a later one is rejected, since it would
   * pin the system's last update and state in the future. Default DEFAULT_FUTURE_TOLERANCE_MS.
   */
  futureToleranceMs?: number;
  /** Collect the rollup upkeep there instead of doing it in the batch's transaction (a bulk fill; deferred-rollups.ts). */
  deferRollups?: DeferredRollups;
}

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, discriminator: true, allErrors: false });
const validateRecord = ajv.compile<TelemetryRecord>(telemetryRecordSchema);

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  const first = errors?.[0];
  if (first === undefined) return 'does not match the telemetry record schema';
  const where = first.instancePath === '' ? 'record' : first.instancePath;
  const detail =
    first.keyword === 'additionalProperties'
      ? ` (${String((first.params as { additionalProperty?: unknown }).additionalProperty)})`
      : first.keyword === 'enum'
        ? ` (${JSON.stringify((first.params as { allowedValues?: unknown }).allowedValues)})`
        : '';
  return `${where} ${first.message ?? 'is invalid'}${detail}`;
}

/** The timestamps a record carries, as [field, value] pairs. */
function timestampsOf(record: TelemetryRecord): [string, string][] {
  switch (record.kind) {
    case 'status':
    case 'job':
      return [
        ['startedAt', record.startedAt],
        ['endedAt', record.endedAt],
      ];
    case 'event':
      return record.endedAt == null
        ? [['startedAt', record.startedAt]]
        : [
            ['startedAt', record.startedAt],
            ['endedAt', record.endedAt],
          ];
    case 'ink_load':
      return [['loadedAt', record.loadedAt]];
    case 'software_version':
      return [['reportedAt', record.reportedAt]];
    case 'parameter':
      return [['recordedAt', record.recordedAt]];
    case 'qualiset':
      return [['measuredAt', record.measuredAt]];
    case 'shift':
    case 'shift_target':
      // Configuration: its validFrom is a local day, checked with the site (shift-calendar-records.ts).
      return [];
  }
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,3})?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/**
 * Whether a schema-valid timestamp names a real instant PostgreSQL accepts too. Date.parse alone is lenient
 * (2026-02-30 becomes 2 March) where PostgreSQL fails the statement — and with it the whole batch.
 */
function isRealTimestamp(value: string): boolean {
  const parts = TIMESTAMP.exec(value)
    ?.slice(1)
    .map((part) => (part === undefined ? 0 : Number(part)));
  if (parts === undefined) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = parts;
  const offsetHours = parts[7] ?? 0;
  const offsetMinutes = parts[8] ?? 0;
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1970 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 14 &&
    offsetMinutes <= 59
  );
}

/** PostgreSQL text and jsonb cannot hold U+0000. */
const hasNul = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.includes('\u0000')
    : typeof value === 'object' && value !== null && Object.values(value).some(hasNul);

/** Checks JSON Schema cannot express; null when the record is fine. `latest.ms` is the latest instant accepted. */
function semanticProblem(record: TelemetryRecord, latest: { ms: number; toleranceMs: number }): string | null {
  for (const [field, value] of timestampsOf(record)) {
    if (!isRealTimestamp(value)) return `/${field} is not a real date-time from 1970 on`;
    if (Date.parse(value) > latest.ms) {
      return `/${field} is in the future: more than ${latest.toleranceMs / 1000} s after the server clock`;
    }
  }
  if ('endedAt' in record && record.endedAt != null && Date.parse(record.endedAt) < Date.parse(record.startedAt)) {
    return '/endedAt is before /startedAt';
  }
  if (
    record.kind === 'status' &&
    Date.parse(record.endedAt) - Date.parse(record.startedAt) > MAX_STATUS_INTERVAL_HOURS * 3_600_000
  ) {
    return `/endedAt is more than ${MAX_STATUS_INTERVAL_HOURS} hours after /startedAt (send a longer status interval in parts)`;
  }
  if (isCalendarRecord(record)) {
    const problem = calendarRecordProblem(record);
    if (problem !== null) return problem;
  }
  if (hasNul(record)) return 'record contains the character U+0000';
  return null;
}

export interface SystemRef {
  systemId: string;
  siteId: string;
  timeZone: string;
}

export interface Accepted {
  record: TelemetryRecord;
  systemId: string;
}

/**
 * Stores one batch of printer telemetry for `tenantId`. Each record is validated against the telemetry schema, its
 * timestamps must not lie beyond the server clock plus the future tolerance, and its serial must name a system of this
 * tenant (a shift calendar record's shift, one of that system's site); invalid records are listed in `rejected` and the
 * valid ones are stored.
 * All valid new records, their systems' last-reported time and the rollups of the touched system-hours and
 * system-days are written in one transaction; a record id already stored is a duplicate and changes nothing.
 */
export async function ingestTelemetry(
  db: Kysely<Database>,
  tenantId: string,
  records: readonly unknown[],
  options: IngestOptions = {},
): Promise<IngestResult> {
  const toleranceMs = options.futureToleranceMs ?? DEFAULT_FUTURE_TOLERANCE_MS;
  const latest = { ms: (options.now ?? new Date()).getTime() + toleranceMs, toleranceMs };
  const rejected: IngestResult['rejected'] = [];
  const valid: { index: number; record: TelemetryRecord }[] = [];
  records.forEach((candidate, index) => {
    if (!validateRecord(candidate)) {
      rejected.push({ index, reason: describeErrors(validateRecord.errors) });
      return;
    }
    const problem = semanticProblem(candidate, latest);
    if (problem !== null) rejected.push({ index, reason: problem });
    else valid.push({ index, record: candidate });
  });

  const systems = await systemsBySerial(db, tenantId, [...new Set(valid.map((entry) => entry.record.serial))]);
  const ofTenant: { index: number; record: TelemetryRecord; system: SystemRef }[] = [];
  for (const entry of valid) {
    const system = systems.get(entry.record.serial);
    if (system === undefined) {
      rejected.push({ index: entry.index, reason: `/serial ${entry.record.serial} is not a system of this tenant` });
    } else {
      ofTenant.push({ ...entry, system });
    }
  }
  const siteProblems = await calendarProblems(db, tenantId, ofTenant, latest.ms);
  const known = ofTenant.filter((entry) => {
    const problem = siteProblems.get(entry.index);
    if (problem !== undefined) rejected.push({ index: entry.index, reason: problem });
    return problem === undefined;
  });
  rejected.sort((a, b) => a.index - b.index);

  if (known.length === 0) return { accepted: 0, updated: 0, duplicates: 0, rejected };

  const folded = await db.transaction().execute(async (trx) => {
    // Serialise batches per system so two concurrent recomputations cannot each miss the other's rows. One statement
    // takes every lock, in the sorted order every batch uses, so two batches never wait for each other in a circle.
    // A shift record changes the planned time of every printer of its site (planned-hours.sql.ts): all are locked.
    const calendarSites = await siteSystems(trx, tenantId, known);
    const lockKeys = [
      ...new Set([...known.map((entry) => entry.system.systemId), ...[...calendarSites.values()].flat()]),
    ].map((systemId) => `${tenantId}/${systemId}`);
    await sql`SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0)))
      FROM (SELECT k FROM unnest(${lockKeys}::text[]) AS k ORDER BY k) AS sorted`.execute(trx);

    const batch = await foldBatch(trx, tenantId, known);
    const applied = batch.applied.map((entry) => ({ ...entry, systemId: entry.system.systemId }));
    await storeCalendar(trx, tenantId, applied);
    // A shift calendar is the gateway's configuration, not the printer reporting (docs/kpi-glossary.md "Last update").
    await markReported(
      trx,
      tenantId,
      applied.filter((entry) => !isCalendarRecord(entry.record)),
    );

    // Only new records touch the rollups: an event's update changes no rollup (error and maintenance time come from
    // status intervals), and the other fact kinds are never updated.
    const deferred = options.deferRollups;
    const touched = deferred?.touchedOf(tenantId) ?? new TouchedKeys();
    for (const { record, system } of batch.fresh) touchRollupKeys(touched, record, system);
    if (deferred === undefined) {
      await recomputeRollups(trx, tenantId, touched);
      await keepPlannedHours(trx, tenantId, plannedChangeOf(applied, touched, calendarSites));
    } else {
      deferred.addPlanned(tenantId, plannedChangeOf(applied, new TouchedKeys(), calendarSites));
    }
    return batch;
  });
  // Committed: open dashboards of these systems may refresh (docs/architecture.md "TV dashboard and live push").
  if (folded.applied.length > 0) {
    ingestNoticesOf(db).emit('committed', {
      tenantId,
      systemIds: [...new Set(folded.applied.map((entry) => entry.system.systemId))].sort(),
    });
  }

  return {
    accepted: folded.accepted,
    updated: folded.updated,
    duplicates: folded.duplicates,
    rejected: [...rejected, ...folded.rejected].sort((a, b) => a.index - b.index),
  };
}

/** Adds the rollup keys a new record contributes to (the copy builder, copy-history.ts, collects them the same way). */
export function touchRollupKeys(touched: TouchedKeys, record: TelemetryRecord, system: SystemRef): void {
  if (record.kind === 'status') {
    touched.addSpan(system.systemId, system.timeZone, Date.parse(record.startedAt), Date.parse(record.endedAt));
  } else if (record.kind === 'job') {
    // A job counts in the hour and day its end falls in.
    touched.addInstant(system.systemId, system.timeZone, Date.parse(record.endedAt));
  } else if (record.kind === 'ink_load') {
    touched.addInstant(system.systemId, system.timeZone, Date.parse(record.loadedAt));
  }
}

/** The systems of each site a shift record of the batch belongs to, by site id. */
async function siteSystems(
  db: Kysely<Database>,
  tenantId: string,
  entries: readonly { record: TelemetryRecord; system: SystemRef }[],
): Promise<Map<string, string[]>> {
  const sites = [
    ...new Set(entries.filter((entry) => entry.record.kind === 'shift').map((entry) => entry.system.siteId)),
  ];
  if (sites.length === 0) return new Map();
  const rows = await db
    .selectFrom('systems')
    .where('tenant_id', '=', tenantId)
    .where('site_id', 'in', sites)
    .select(['id', 'site_id'])
    .execute();
  return new Map(sites.map((site) => [site, rows.filter((row) => row.site_id === site).map((row) => row.id)]));
}

/**
 * What the stored records change for OEE's planned rollup: the data end of the printers that sent facts, the hours
 * whose measures were recomputed, and the printers whose shift calendar changed (a shift: every printer of its site;
 * a target: its printer).
 */
export function plannedChangeOf(
  applied: readonly (Accepted & { system: SystemRef })[],
  touched: TouchedKeys,
  calendarSites: ReadonlyMap<string, readonly string[]>,
): PlannedChange {
  const touchedHours = new Map<string, number[]>();
  for (const key of touched.hours) {
    const hours = touchedHours.get(key.systemId) ?? [];
    hours.push(key.hourStart.getTime());
    touchedHours.set(key.systemId, hours);
  }
  const calendar = applied.flatMap((entry) => {
    if (entry.record.kind === 'shift_target') return [entry.systemId];
    if (entry.record.kind !== 'shift') return [];
    return calendarSites.get(entry.system.siteId) ?? [entry.systemId];
  });
  const firstTimes = new Map<string, number>();
  for (const entry of applied) {
    if (isCalendarRecord(entry.record)) continue;
    const times = timestampsOf(entry.record).map(([, value]) => Date.parse(value));
    firstTimes.set(entry.systemId, Math.min(firstTimes.get(entry.systemId) ?? Number.POSITIVE_INFINITY, ...times));
  }
  return { firstTimes, touchedHours, calendarSystems: [...new Set(calendar)] };
}

async function systemsBySerial(
  db: Kysely<Database>,
  tenantId: string,
  serials: string[],
): Promise<Map<string, SystemRef>> {
  if (serials.length === 0) return new Map();
  const rows = await db
    .selectFrom('systems')
    .innerJoin('sites', (join) =>
      join.onRef('sites.tenant_id', '=', 'systems.tenant_id').onRef('sites.id', '=', 'systems.site_id'),
    )
    .where('systems.tenant_id', '=', tenantId)
    .where('systems.serial_number', 'in', serials)
    .select(['systems.serial_number', 'systems.id', 'systems.site_id', 'sites.time_zone'])
    .execute();
  return new Map(
    rows.map((row) => [row.serial_number, { systemId: row.id, siteId: row.site_id, timeZone: row.time_zone }]),
  );
}

/**
 * Times a record shows the printer reporting. A Not Reporting status interval is the absence of reports filled in
 * (by a gateway or the simulator), so it shows none: it must not move the last update (docs/kpi-glossary.md).
 */
export function reportedTimesOf(record: TelemetryRecord): number[] {
  if (record.kind === 'status' && record.status === 'NotReporting') return [];
  return timestampsOf(record).map(([, value]) => Date.parse(value));
}

/**
 * Sets ever_reported and moves last_reported_at forward to the latest time a stored record shows the printer reporting,
 * for every system of the batch in one statement (greatest() ignores a NULL: a system without such a time keeps it).
 */
export async function markReported(
  trx: Kysely<Database>,
  tenantId: string,
  stored: readonly Accepted[],
): Promise<void> {
  const latest = new Map<string, number | null>();
  for (const entry of stored) {
    const times = reportedTimesOf(entry.record);
    const previous = latest.get(entry.systemId) ?? null;
    latest.set(entry.systemId, times.length === 0 ? previous : Math.max(previous ?? -Infinity, ...times));
  }
  if (latest.size === 0) return;
  const systemIds = [...latest.keys()];
  const times = systemIds.map((systemId) => {
    const time = latest.get(systemId) ?? null;
    return time === null ? null : new Date(time).toISOString();
  });
  await sql`UPDATE systems s SET ever_reported = true, last_reported_at = greatest(s.last_reported_at, r.reported_at)
    FROM unnest(${systemIds}::text[], ${times}::timestamptz[]) AS r(system_id, reported_at)
    WHERE s.tenant_id = ${tenantId} AND s.id = r.system_id`.execute(trx);
}
