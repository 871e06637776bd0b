import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema.ts';
import { DeferredRollups } from '../ingest/deferred-rollups.ts';
import { FACT_TABLES, insertValues, isFactRecord, type FactKind } from '../ingest/fact-rows.ts';
import { identityKey } from '../ingest/identity-writes.ts';
import {
  markReported,
  plannedChangeOf,
  reportedTimesOf,
  touchRollupKeys,
  type Accepted,
  type SystemRef,
} from '../ingest/ingest-telemetry.ts';
import { initialState, resolveKnown, type StoredState } from '../ingest/record-updates.ts';
import { TouchedKeys } from '../ingest/rollup-keys.ts';
import type { TelemetryRecord } from '../ingest/telemetry.schema.ts';
import { daysFromTo } from '../../shared/time/local-time.ts';
import { CopyIn, copyLine } from './copy-in.ts';
import type { FleetPlan } from './fleet-plan.ts';
import { simulatedSystemOf, simulateSystemDay } from './printer-model.ts';
import { provisionFleet } from './provision.ts';
import {
  reportShiftCalendars,
  systemDayRng,
  systemNightRng,
  type SimulateHistoryOptions,
  type SimulationResult,
} from './simulate.ts';

/**
 * A benchmark fleet's history on PostgreSQL in minutes (issue #29 item 5): the simulator's records of every system and
 * day — the same records simulateHistory sends through ingest — written with `COPY … FROM STDIN` straight into the
 * fact tables ingest writes, the rollups kept by the ingest path's own SQL once per `flushDays` days over every key the
 * copied rows touched (DeferredRollups → recomputeRollups, keepPlannedHours), and the systems' last update by ingest's
 * markReported. Reference rows and the shift calendars go through provisioning and ingest as in simulateHistory.
 *
 * What it leaves out of ingest: the schema and clock checks (simulated records are valid by construction, and the fleet
 * ends on the last complete day) and the lookup of stored identities. Records are folded per system and day by ingest's
 * rules (record-updates.ts) — the simulator's ids name their printer and day — and an identity already stored makes the
 * COPY fail on the table's primary key rather than be dropped. Only for filling a database no one else uses meanwhile.
 */

export interface CopyHistoryOptions extends Pick<SimulateHistoryOptions, 'from' | 'to' | 'onProgress'> {
  /** The same database as `db`, for the COPY connections (one per fact table). */
  connectionString: string;
  /** Days copied between two rollup flushes (default 14): bounds the keys and rows held in memory. */
  flushDays?: number;
  /** Printers per planned-hours statement of a flush (DeferredRollups; default 100). */
  plannedSystemsPerStatement?: number;
}

/** Rows are sent once a table's text reaches this many characters. */
const CHUNK_CHARS = 1 << 20;

interface TableCopy {
  client: pg.Client;
  columns: readonly string[] | null;
  copy: CopyIn | null;
  pending: string[];
  pendingChars: number;
}

/** The records of one system's day folded by identity as ingest folds a batch: each identity's final row. */
interface FoldedDay {
  rows: { kind: FactKind; id: string; state: Extract<StoredState, { columns: unknown }> }[];
  applied: TelemetryRecord[];
  fresh: TelemetryRecord[];
  duplicates: number;
}

function foldDay(records: readonly TelemetryRecord[], systemId: string): FoldedDay {
  const states = new Map<string, { record: TelemetryRecord; state: StoredState }>();
  const folded: FoldedDay = { rows: [], applied: [], fresh: [], duplicates: 0 };
  for (const record of records) {
    if (!isFactRecord(record)) throw new Error(`copyHistory: ${record.kind} records go through ingest`);
    const key = identityKey(systemId, record.kind, record.id);
    const known = states.get(key);
    if (known === undefined) {
      states.set(key, { record, state: initialState(record) });
      folded.applied.push(record);
      folded.fresh.push(record);
      continue;
    }
    const resolution = resolveKnown(known.state, record);
    if (resolution.outcome === 'rejected') throw new Error(`copyHistory: ${record.id} rejected: ${resolution.reason}`);
    if (resolution.outcome === 'duplicate') folded.duplicates += 1;
    else {
      known.state = resolution.next;
      folded.applied.push(record);
    }
  }
  for (const { record, state } of states.values()) {
    if ('columns' in state) folded.rows.push({ kind: state.kind, id: record.id, state });
  }
  return folded;
}

/** The latest record per system that shows it reporting (markReported takes the latest of what it is given). */
class LatestReports {
  readonly #bySystem = new Map<string, { tenantId: string; entry: Accepted; time: number }>();

  add(tenantId: string, systemId: string, records: readonly TelemetryRecord[]): void {
    for (const record of records) {
      const time = Math.max(...reportedTimesOf(record));
      const current = this.#bySystem.get(systemId);
      if (current === undefined || time > current.time) {
        this.#bySystem.set(systemId, { tenantId, entry: { record, systemId }, time });
      }
    }
  }

  async store(db: Kysely<Database>): Promise<void> {
    const byTenant = new Map<string, Accepted[]>();
    for (const { tenantId, entry } of this.#bySystem.values()) {
      byTenant.set(tenantId, [...(byTenant.get(tenantId) ?? []), entry]);
    }
    this.#bySystem.clear();
    for (const [tenantId, entries] of byTenant) {
      await db.transaction().execute((trx) => markReported(trx, tenantId, entries));
    }
  }
}

/** What copying the fact records gave (SimulationResult's counts). */
interface CopiedCounts {
  records: number;
  accepted: number;
  duplicates: number;
}

/**
 * Provisions the plan, reports its shift calendars through ingest, then copies every system's records for every local
 * day from `from` to `to` and keeps the rollups (see above). Throws on any record ingest would reject.
 */
export async function copyHistory(
  db: Kysely<Database>,
  plan: FleetPlan,
  options: CopyHistoryOptions,
): Promise<SimulationResult> {
  const started = Date.now();
  await provisionFleet(db, plan);
  const calendars = await reportShiftCalendars(db, plan);
  const copied = await copyFacts(db, plan, options);
  return {
    days: daysFromTo(options.from, options.to).length,
    systems: plan.systems.length,
    records: calendars.records + copied.records,
    accepted: calendars.accepted + copied.accepted,
    duplicates: calendars.duplicates + copied.duplicates,
    rejected: 0,
    elapsedMs: Date.now() - started,
  };
}

/** The rollup upkeep of one copied period, its rows committed. */
async function flushPeriod(db: Kysely<Database>, reports: LatestReports, deferred: DeferredRollups): Promise<void> {
  // Planner statistics of the copied rows before the rollup statements read them: autovacuum may lag behind a bulk
  // load, and a plan made for a handful of rows is ruinous for a window's millions.
  await sql`ANALYZE`.execute(db);
  await reports.store(db);
  await deferred.flush(db);
}

/** Copies the fact records of every system for every local day and keeps their rollups (after provisioning). */
async function copyFacts(db: Kysely<Database>, plan: FleetPlan, options: CopyHistoryOptions): Promise<CopiedCounts> {
  const started = Date.now();
  const flushDays = options.flushDays ?? 14;
  const days = daysFromTo(options.from, options.to);
  const totals: CopiedCounts = { records: 0, accepted: 0, duplicates: 0 };

  const subjects = plan.systems.map((system) => {
    const subject = simulatedSystemOf(plan, system);
    const ref: SystemRef = { systemId: system.id, siteId: system.siteId, timeZone: subject.timeZone };
    return { system, subject, ref };
  });
  const tables = new Map<FactKind, TableCopy>();
  for (const kind of Object.keys(FACT_TABLES) as FactKind[]) {
    const client = new pg.Client({ connectionString: options.connectionString });
    tables.set(kind, { client, columns: null, copy: null, pending: [], pendingChars: 0 });
  }
  const sendPending = async (kind: FactKind, table: TableCopy) => {
    if (table.pending.length === 0 || table.columns === null) return;
    table.copy ??= CopyIn.start(table.client, FACT_TABLES[kind].table, table.columns);
    const text = table.pending.join('');
    table.pending = [];
    table.pendingChars = 0;
    await table.copy.write(text);
  };
  const endCopies = async () => {
    for (const [kind, table] of tables) {
      await sendPending(kind, table);
      const copy = table.copy;
      table.copy = null;
      await copy?.end();
    }
  };

  try {
    for (const table of tables.values()) await table.client.connect();
    let deferred = new DeferredRollups(options.plannedSystemsPerStatement);
    let reports = new LatestReports();
    // The previous period's flush, running while this period is simulated and streamed (PostgreSQL's statements on one
    // core, the simulation on the other). This period's COPY is committed only once that flush is done, so the flush
    // sees exactly the rows of the periods before, as when it ran alone.
    let flushing: Promise<void> = Promise.resolve();
    for (const [dayIndex, day] of days.entries()) {
      for (const { system, subject, ref } of subjects) {
        const records = simulateSystemDay(
          subject,
          day,
          subject.timeZone,
          systemDayRng(plan, system.serialNumber, day),
          {
            reportSoftware: dayIndex === 0,
            nightRng: (morning) => systemNightRng(plan, system.serialNumber, morning),
          },
        );
        totals.records += records.length;
        const folded = foldDay(records, ref.systemId);
        totals.accepted += folded.fresh.length;
        totals.duplicates += folded.duplicates;
        for (const { kind, id, state } of folded.rows) {
          const values = insertValues(kind, state.columns);
          const table = tables.get(kind)!;
          table.columns ??= ['tenant_id', 'system_id', 'id', ...Object.keys(values)];
          const line = copyLine([system.tenantId, ref.systemId, id, ...table.columns.slice(3).map((c) => values[c])]);
          table.pending.push(line);
          table.pendingChars += line.length;
          if (table.pendingChars >= CHUNK_CHARS) await sendPending(kind, table);
        }
        const touched = deferred.touchedOf(system.tenantId);
        for (const record of folded.fresh) touchRollupKeys(touched, record, ref);
        const applied = folded.applied.map((record) => ({ record, systemId: ref.systemId, system: ref }));
        deferred.addPlanned(system.tenantId, plannedChangeOf(applied, new TouchedKeys(), new Map()));
        reports.add(system.tenantId, ref.systemId, folded.applied);
      }
      const last = dayIndex === days.length - 1;
      if (last || (dayIndex + 1) % flushDays === 0) {
        await flushing;
        await endCopies();
        flushing = flushPeriod(db, reports, deferred);
        // Awaited before the next period's COPY is committed; a failure meanwhile is reported there.
        flushing.catch(() => undefined);
        reports = new LatestReports();
        deferred = new DeferredRollups(options.plannedSystemsPerStatement);
        if (last) await flushing;
      }
      options.onProgress?.({
        daysDone: dayIndex + 1,
        daysTotal: days.length,
        records: totals.accepted + totals.duplicates,
        elapsedMs: Date.now() - started,
      });
    }
  } finally {
    await Promise.all([...tables.values()].map((table) => table.client.end().catch(() => undefined)));
  }
  return totals;
}
