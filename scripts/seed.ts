/**
 * `npm run seed -- --systems N --days D --seed S [--tenants T] [--data-dir DIR]`: fills the portal's database with a
 * simulated fleet history (src/server/simulator) through the ingest path, e.g. for benchmarks with larger fleets.
 * Opens the database like the portal (DATABASE_URL or PGlite in PORTAL_DATA_DIR/db), so with the embedded database it
 * cannot run while a portal uses the same data folder. Rerunning with the same options only finds duplicates.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { LockfileBusyError } from '../src/server/db/lockfile.ts';
import { planFleet } from '../src/server/simulator/fleet-plan.ts';
import { historyRange } from '../src/server/simulator/backfill.ts';
import { createProgressBar } from '../src/server/simulator/progress-bar.ts';
import { simulateHistory } from '../src/server/simulator/simulate.ts';

const USAGE = `Usage: npm run seed -- [--systems N] [--days D] [--seed S] [--tenants T] [--data-dir DIR]
  --systems N    printers in the simulated fleet (default 42, the demo data set)
  --days D       days of history ending with the last complete day (default 400, about 13 months)
  --seed S       seed of the simulation; the same seed gives the same data (default 1)
  --tenants T    tenants the printers are spread over (default 3)
  --data-dir DIR data folder of the embedded database (default PORTAL_DATA_DIR or ./var); ignored with DATABASE_URL`;

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new UsageError(`--${name} must be a positive integer, got '${raw}'`);
  return value;
}

class UsageError extends Error {
  override name = 'UsageError';
}

const number = (value: number) => Math.round(value).toLocaleString('en-US');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      systems: { type: 'string' },
      days: { type: 'string' },
      seed: { type: 'string' },
      tenants: { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help === true) {
    console.log(USAGE);
    return;
  }
  const systems = positiveInt('systems', values.systems, 42);
  const days = positiveInt('days', values.days, 400);
  const seed = positiveInt('seed', values.seed, 1);
  const tenants = positiveInt('tenants', values.tenants, Math.min(3, systems));
  const env = values['data-dir'] === undefined ? process.env : { ...process.env, PORTAL_DATA_DIR: values['data-dir'] };
  const config = loadConfig(env);

  const plan = planFleet({ seed, systems, tenants });
  const { from, to } = historyRange(plan, days, new Date());
  const where = config.databaseUrl === null ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  console.log(
    `Seeding ${plan.systems.length} systems of ${plan.tenants.length} tenants, ${from} to ${to}, seed ${seed}, into ${where}.`,
  );

  const database = await openDatabase(config);
  const bar = createProgressBar(process.stdout, 'Seeding', { inPlace: process.stdout.isTTY });
  try {
    const result = await simulateHistory(database.db, plan, { from, to, onProgress: (step) => bar.update(step) });
    bar.finish();
    const seconds = result.elapsedMs / 1000;
    console.log(
      `Done in ${seconds.toFixed(1)} s: ${number(result.records)} records (${number(result.accepted)} new, ` +
        `${number(result.duplicates)} already stored, ${result.rejected} rejected), ` +
        `${number(result.records / Math.max(seconds, 0.001))} records/s.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof LockfileBusyError) {
    console.error(
      `${error.message}\nnpm run seed opens the database itself, so it cannot run beside a running portal on the same data folder.`,
    );
  } else if (
    error instanceof UsageError ||
    error instanceof ConfigError ||
    (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
  ) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
});
