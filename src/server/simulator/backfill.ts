import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DeferredRollups } from '../ingest/deferred-rollups.ts';
import { plannedChangeOf, touchRollupKeys, type SystemRef } from '../ingest/ingest-telemetry.ts';
import { TouchedKeys } from '../ingest/rollup-keys.ts';
import type { TelemetryRecord } from '../ingest/telemetry.schema.ts';
import { addDays, daysFromTo } from '../../shared/time/local-time.ts';
import type { FleetHistoryStatus } from '../../shared/fleet-history.ts';
import type { FleetPlan } from './fleet-plan.ts';
import { simulatedSystemOf } from './printer-model.ts';
import { appendTo, ingestSimulated, lastCompleteDay, simulatePlannedSystemDay } from './simulate.ts';

/**
 * The demo fleet's history, filled newest day first so the recent reports have data early, with its progress in the
 * database (migration 006): the range of days to fill and every day whose records are all ingested. A restart fills
 * only the days still missing; nothing is regenerated to find duplicates.
 */

/** First and last local day (yyyy-MM-dd, both included) of a history. */
export interface HistoryRange {
  from: string;
  to: string;
}

export interface BackfillProgress {
  /** Days of the range available now (filled earlier or in this run). */
  daysDone: number;
  daysTotal: number;
  /** Records ingested in this run (new or already stored). */
  records: number;
  elapsedMs: number;
}

export interface FillDaysOptions {
  /** Called after each day is ingested and recorded (with rollupsOnce: ingested; all are recorded at the end). */
  onDay?: (day: string, records: number) => void;
  /** Checked between systems: an aborted fill stops after the system in progress, leaving that day unrecorded. */
  signal?: AbortSignal;
  /**
   * Most records per ingest call (default: a tenant's whole day). Ingest validates and encodes a batch on the calling
   * thread, so smaller batches keep the event loop's stalls shorter while the portal serves requests.
   */
  batchSize?: number;
  /**
   * Keep the rollups once, after the last day, over every key the days' records touch (DeferredRollups), instead of in
   * each batch's own transaction, and record the days as filled only then. The same rows, for a quarter less of the
   * fill's time (docs/benchmarks.md, issue #25); only while no one else reads or writes the database: the fill before
   * the ready line. The keys come from every simulated record, stored before or not, so a fill stopped before its
   * rollups leaves its days unrecorded, and the next start, finding those records stored, still keeps their rollups.
   */
  rollupsOnce?: boolean;
}

/** The `days` days of history ending with the last day complete at every site by `now`. */
export function historyRange(plan: FleetPlan, days: number, now: Date): HistoryRange {
  if (!Number.isInteger(days) || days < 1) throw new Error(`History days must be a positive integer, got ${days}`);
  const to = lastCompleteDay(plan, now);
  return { from: addDays(to, -(days - 1)), to };
}

/** Stores the range the health route reports against (one row, replaced on every start). */
export async function recordHistoryRange(db: Kysely<Database>, range: HistoryRange): Promise<void> {
  await sql`INSERT INTO demo_history_range (singleton, first_day, last_day) VALUES (true, ${range.from}, ${range.to})
    ON CONFLICT (singleton) DO UPDATE SET first_day = excluded.first_day, last_day = excluded.last_day, updated_at = now()`.execute(
    db,
  );
}

/** The days of `range` not yet recorded as filled, newest first. */
export async function missingDays(db: Kysely<Database>, range: HistoryRange): Promise<string[]> {
  const { rows } = await sql<{ day: string }>`SELECT to_char(local_day, 'YYYY-MM-DD') AS day FROM demo_history_days
    WHERE local_day BETWEEN ${range.from} AND ${range.to}`.execute(db);
  const filled = new Set(rows.map((row) => row.day));
  return daysFromTo(range.from, range.to)
    .filter((day) => !filled.has(day))
    .reverse();
}

/** Days available of the recorded range, or null when no demo history was started (PORTAL_SEED_DEMO=0). */
export async function historyStatus(db: Kysely<Database>): Promise<FleetHistoryStatus | null> {
  const { rows } = await sql<{ days_total: number; days_available: number }>`
    SELECT (r.last_day - r.first_day + 1)::int AS days_total,
      (SELECT count(*) FROM demo_history_days d WHERE d.local_day BETWEEN r.first_day AND r.last_day)::int AS days_available
    FROM demo_history_range r`.execute(db);
  const row = rows[0];
  return row === undefined ? null : { daysAvailable: row.days_available, daysTotal: row.days_total };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Every system's records of `day`, by tenant, yielding to the event loop between systems; null when `signal` aborts
 * first. The range's first day also reports software versions, like the oldest day of simulateHistory; so does its
 * newest day, so the recent window alone has the current versions.
 */
async function simulateDay(
  plan: FleetPlan,
  range: HistoryRange,
  day: string,
  signal: AbortSignal | undefined,
): Promise<Map<string, TelemetryRecord[]> | null> {
  const byTenant = new Map<string, TelemetryRecord[]>();
  const reportSoftware = day === range.from || day === range.to;
  for (const system of plan.systems) {
    if (signal?.aborted === true) return null;
    appendTo(byTenant, system.tenantId, simulatePlannedSystemDay(plan, system.serialNumber, day, { reportSoftware }));
    await nextTurn();
  }
  return byTenant;
}

const recordFilledDays = (db: Kysely<Database>, days: readonly { day: string; records: number }[]) =>
  sql`INSERT INTO demo_history_days (local_day, records)
    SELECT * FROM unnest(${days.map((entry) => entry.day)}::date[], ${days.map((entry) => entry.records)}::int[])
    ON CONFLICT (local_day) DO NOTHING`.execute(db);

/** The rollup upkeep a fill with rollupsOnce keeps at its end, and each system's identity for it, by serial. */
interface DeferredUpkeep {
  rollups: DeferredRollups;
  systems: ReadonlyMap<string, SystemRef>;
}

function deferredUpkeep(plan: FleetPlan): DeferredUpkeep {
  const systems = new Map<string, SystemRef>();
  for (const system of plan.systems) {
    const { timeZone } = simulatedSystemOf(plan, system);
    systems.set(system.serialNumber, { systemId: system.id, siteId: system.siteId, timeZone });
  }
  return { rollups: new DeferredRollups(), systems };
}

/** Adds the rollup keys and planned-time change of `records`, new or already stored, to the upkeep at the fill's end. */
function collectUpkeep(upkeep: DeferredUpkeep, tenantId: string, records: readonly TelemetryRecord[]): void {
  const touched = upkeep.rollups.touchedOf(tenantId);
  const applied = records.flatMap((record) => {
    const system = upkeep.systems.get(record.serial);
    if (system === undefined) return [];
    touchRollupKeys(touched, record, system);
    return [{ record, systemId: system.systemId, system }];
  });
  upkeep.rollups.addPlanned(tenantId, plannedChangeOf(applied, new TouchedKeys(), new Map()));
}

/**
 * Ingests one simulated day, the tenants side by side, and records it as filled (unless the rollups are kept at the
 * fill's end: `upkeep`); returns its records.
 */
async function ingestDay(
  db: Kysely<Database>,
  day: string,
  byTenant: ReadonlyMap<string, TelemetryRecord[]>,
  batchSize: number,
  upkeep: DeferredUpkeep | undefined,
): Promise<number> {
  const tenants = [...byTenant].map(async ([tenantId, records]) => {
    if (upkeep !== undefined) collectUpkeep(upkeep, tenantId, records);
    for (let start = 0; start < records.length; start += batchSize) {
      const batch = records.slice(start, start + batchSize);
      await ingestSimulated(db, tenantId, batch, upkeep === undefined ? {} : { deferRollups: upkeep.rollups });
    }
    return records.length;
  });
  const dayRecords = (await Promise.all(tenants)).reduce((sum, records) => sum + records, 0);
  if (upkeep === undefined) await recordFilledDays(db, [{ day, records: dayRecords }]);
  return dayRecords;
}

/**
 * Simulates and ingests every system of the plan for each of `days`, in the order given, and records each finished
 * day. Pipelined: while one day's records are written (PostgreSQL's work, on PGlite's thread), the next day is
 * simulated, and each tenant's batch is validated while another tenant's is written. Yields to the event loop between
 * systems so the portal keeps answering while it runs. Days are recorded, and `onDay` called, in the order given.
 * Returns the records ingested.
 */
export async function fillDays(
  db: Kysely<Database>,
  plan: FleetPlan,
  range: HistoryRange,
  days: readonly string[],
  options: FillDaysOptions = {},
): Promise<number> {
  const batchSize = options.batchSize ?? Number.POSITIVE_INFINITY;
  const upkeep = options.rollupsOnce === true ? deferredUpkeep(plan) : undefined;
  const ingested: { day: string; records: number }[] = [];
  let total = 0;
  let writing: Promise<void> = Promise.resolve();
  for (const day of days) {
    const byTenant = await simulateDay(plan, range, day, options.signal);
    await writing;
    // Stopped while the previous day was written: that day is finished and recorded, this one not started.
    if (byTenant === null || options.signal?.aborted === true) break;
    writing = ingestDay(db, day, byTenant, batchSize, upkeep).then((dayRecords) => {
      total += dayRecords;
      ingested.push({ day, records: dayRecords });
      options.onDay?.(day, dayRecords);
    });
    // Awaited with the next day or at the end; until then a failure must not count as unhandled.
    writing.catch(() => undefined);
  }
  await writing;
  if (upkeep !== undefined) {
    await upkeep.rollups.flush(db);
    await recordFilledDays(db, ingested);
  }
  return total;
}

/** Refreshes the planner statistics after a bulk fill (PGlite never runs autovacuum, so never ANALYZE on its own). */
export async function analyze(db: Kysely<Database>): Promise<void> {
  await sql`ANALYZE`.execute(db);
}
