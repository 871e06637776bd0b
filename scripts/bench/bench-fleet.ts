/**
 * Simulated fleets for the endpoint and lag benchmarks, built once through the ingest path in bulk (bulkHistory) and reused:
 * on PGlite a data folder `var/bench/<key>/` (the layout of a portal data folder, so `npm run seed -- --data-dir` makes
 * the same thing), on PostgreSQL one database `bench_<key>` per fleet on the BENCH_DATABASE_URL server
 * (BENCH_DATABASE_PREFIX replaces `bench_`: one's own copy on a shared server).
 * A fleet counts as built once its build record exists (fleet.json in the folder, the database comment on PostgreSQL).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql, type CompiledQuery, type LogEvent, type PostgresPool } from 'kysely';
import pg from 'pg';
import { startPglite } from '../../src/server/db/pglite-open.ts';
import { acquireLockfile } from '../../src/server/db/lockfile.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { runAutovacuum } from '../../src/server/db/pglite-autovacuum.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { planFleet, type FleetPlan } from '../../src/server/simulator/fleet-plan.ts';
import { addDays } from '../../src/shared/time/local-time.ts';
import { lastCompleteDay } from '../../src/server/simulator/simulate.ts';
import { bulkHistory } from '../../src/server/simulator/bulk-history.ts';
import { copyHistory } from '../../src/server/simulator/copy-history.ts';
import type { SimulationProgress } from '../../src/server/simulator/simulate.ts';

/** What a benchmark fleet is: the simulator's plan options and the days of history. */
export interface FleetSpec {
  seed: number;
  systems: number;
  tenants: number;
  days: number;
}

/** How a fleet was built: its local days and what the build cost. */
export interface FleetBuild {
  from: string;
  to: string;
  records: number;
  buildSeconds: number;
  /** Older days added later by the lag benchmark's ingest stream (the build itself ends at `to`). */
  backfilledDays: number;
}

/** A few systems for a few weeks: builds in about a minute, for checking that a benchmark mode works. */
export const SMALL_FLEET: FleetSpec = { seed: 1, systems: 12, tenants: 3, days: 21 };
/** The demo fleet of planFleet's defaults and the large fleet of issue 3. */
export const DEMO_FLEET: FleetSpec = { seed: 1, systems: 42, tenants: 3, days: 400 };
export const LARGE_FLEET: FleetSpec = { seed: 1, systems: 200, tenants: 3, days: 365 };
/** The large fleet's systems with 60 days of history. */
export const LARGE_FLEET_60_DAYS: FleetSpec = { ...LARGE_FLEET, days: 60 };
/** Issue #29 item 5: 2,000 printers for a year (PostgreSQL only: built with COPY, copy-history.ts). */
export const FLEET_2000: FleetSpec = { seed: 1, systems: 2000, tenants: 3, days: 365 };

export const fleetKey = (spec: FleetSpec) =>
  `fleet-seed${spec.seed}-systems${spec.systems}-tenants${spec.tenants}-days${spec.days}`;

export const describeFleet = (spec: FleetSpec) =>
  `${spec.systems} systems, ${spec.tenants} tenants, ${spec.days} days (seed ${spec.seed})`;

/** Collects the compiled statements Kysely runs while capturing is on (the "same SQL" the API ran). */
export class QueryCapture {
  private captured: CompiledQuery[] | null = null;

  readonly listener = (event: LogEvent): void => {
    if (event.level === 'query') this.captured?.push(event.query);
  };

  async during(work: () => Promise<unknown>): Promise<CompiledQuery[]> {
    this.captured = [];
    try {
      await work();
      return this.captured;
    } finally {
      this.captured = null;
    }
  }
}

/** An open benchmark fleet: the owner connection (with query capture), its plan and its build record. */
export interface BenchFleet {
  spec: FleetSpec;
  kind: 'pglite' | 'postgres';
  db: Kysely<Database>;
  capture: QueryCapture;
  plan: FleetPlan;
  build: FleetBuild;
  /** True when this run built the fleet, false when it reused a cached one. */
  builtNow: boolean;
  saveBuild(build: FleetBuild): Promise<void>;
  close(): Promise<void>;
}

interface OpenedStore {
  db: Kysely<Database>;
  /** PostgreSQL: the fleet database's URL (the COPY builder's connections). */
  url?: string;
  readBuild(): Promise<FleetBuild | null>;
  saveBuild(build: FleetBuild): Promise<void>;
  close(): Promise<void>;
}

function kyselyOver(pool: unknown, capture: QueryCapture): Kysely<Database> {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: pool as PostgresPool }),
    log: capture.listener,
  });
}

async function openPgliteStore(folder: string, capture: QueryCapture): Promise<OpenedStore> {
  const dbDir = path.join(folder, 'db');
  fs.mkdirSync(dbDir, { recursive: true });
  const lock = acquireLockfile(path.join(dbDir, 'portal.lock'), folder);
  try {
    const pool = await startPglite(path.join(dbDir, 'pgdata'), (line) => console.log(line));
    const db = kyselyOver(pool, capture);
    const buildFile = path.join(folder, 'fleet.json');
    return {
      db,
      readBuild: async () =>
        fs.existsSync(buildFile) ? (JSON.parse(fs.readFileSync(buildFile, 'utf8')) as FleetBuild) : null,
      saveBuild: async (build) => fs.writeFileSync(buildFile, `${JSON.stringify(build, null, 2)}\n`),
      close: async () => {
        await db.destroy();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function openPostgresStore(serverUrl: string, name: string, capture: QueryCapture): Promise<OpenedStore> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = kyselyOver(new pg.Pool({ connectionString: url.toString(), max: 4 }), capture);
  return {
    db,
    url: url.toString(),
    readBuild: async () => {
      const { rows } = await sql<{ comment: string | null }>`
        SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = current_database()`.execute(
        db,
      );
      const comment = rows[0]?.comment ?? null;
      return comment === null ? null : (JSON.parse(comment) as FleetBuild);
    },
    saveBuild: async (build) => {
      await sql`COMMENT ON DATABASE ${sql.id(name)} IS ${sql.lit(JSON.stringify(build))}`.execute(db);
    },
    close: () => db.destroy(),
  };
}

/** Prefix of a fleet's database name on PostgreSQL. */
const databasePrefix = () => process.env['BENCH_DATABASE_PREFIX'] ?? 'bench_';

/** The PGlite data folder of a fleet (its PostgreSQL files are in `db/pgdata` below it). */
export const pgliteFleetFolder = (benchDir: string, spec: FleetSpec) => path.join(benchDir, fleetKey(spec));

/** The database of a fleet on the PostgreSQL server `serverUrl`. */
export const postgresFleetDatabase = (spec: FleetSpec) => `${databasePrefix()}${fleetKey(spec).replaceAll('-', '_')}`;

/** The URL of a fleet's database on the PostgreSQL server `serverUrl`. */
export function postgresFleetUrl(serverUrl: string, spec: FleetSpec): string {
  const url = new URL(serverUrl);
  url.pathname = `/${postgresFleetDatabase(spec)}`;
  return url.toString();
}

/**
 * Opens the fleet of `spec` on PGlite (folder under `benchDir`) or on the PostgreSQL server `serverUrl`, building it
 * first when no build record exists: history up to the last complete local day, through ingestTelemetry.
 */
export async function openBenchFleet(
  spec: FleetSpec,
  target: { kind: 'pglite'; benchDir: string } | { kind: 'postgres'; serverUrl: string },
): Promise<BenchFleet> {
  const capture = new QueryCapture();
  const store =
    target.kind === 'pglite'
      ? await openPgliteStore(pgliteFleetFolder(target.benchDir, spec), capture)
      : await openPostgresStore(target.serverUrl, postgresFleetDatabase(spec), capture);
  try {
    await migrate(store.db);
    const plan = planFleet({ seed: spec.seed, systems: spec.systems, tenants: spec.tenants });
    let build = await store.readBuild();
    const builtNow = build === null;
    if (build === null) {
      const to = lastCompleteDay(plan, new Date());
      const from = addDays(to, -(spec.days - 1));
      console.log(`Building ${describeFleet(spec)} on ${target.kind}: ${from} to ${to} ...`);
      const onProgress = (step: SimulationProgress) => {
        if (step.daysDone % 10 === 0 || step.daysDone === step.daysTotal) {
          console.log(
            `  day ${step.daysDone}/${step.daysTotal}: ${step.records} records, ${Math.round(step.elapsedMs / 1000)} s`,
          );
        }
      };
      // In bulk: the same rows and rollups as day-by-day ingest (bulk-history.test.ts, copy-history.postgres.test.ts);
      // on PostgreSQL with COPY.
      const result =
        store.url === undefined
          ? await bulkHistory(store.db, plan, { from, to, onProgress })
          : await copyHistory(store.db, plan, { from, to, onProgress, connectionString: store.url });
      build = { from, to, records: result.records, buildSeconds: result.elapsedMs / 1000, backfilledDays: 0 };
      await store.saveBuild(build);
    }
    // As the portal does on PGlite right after it opens its database (db/pglite-autovacuum.ts; PostgreSQL's own
    // autovacuum does it there): without it a fleet filled through ingest has no planner statistics or visibility map.
    if (target.kind === 'pglite') await runAutovacuum(store.db);
    return {
      spec,
      kind: target.kind,
      db: store.db,
      capture,
      plan,
      build,
      builtNow,
      saveBuild: store.saveBuild,
      close: store.close,
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
