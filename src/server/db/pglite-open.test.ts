import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from './database.ts';
import { LockfileBusyError } from './lockfile.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { beginPgliteOpenForStart } from './pglite-open.ts';
import { PglitePool } from './pglite-pool.ts';
import { pgliteTemplateFolder } from './pglite-template.ts';
import { PGLITE_TEMPLATE_ENV } from './test-database.ts';

const work = fs.mkdtempSync(path.join(tmpdir(), 'fleet-pglite-open-'));
const cwd = path.join(work, 'checkout');
const templateDir = path.join(work, 'cache');
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

// The migrated template as `npm start` finds it after a first start, made from the test run's migrated dump.
beforeAll(async () => {
  const dump = process.env[PGLITE_TEMPLATE_ENV];
  if (dump === undefined) throw new Error(`${PGLITE_TEMPLATE_ENV} is not set (tests/pglite-template.global-setup.ts)`);
  fs.mkdirSync(templateDir, { recursive: true });
  const pool = new PglitePool(pgliteTemplateFolder(templateDir), dump);
  await pool.ready();
  await pool.end();
});

const lockOf = (dataDir: string) => path.join(cwd, dataDir, 'db', 'portal.lock');

async function migrationsOf(env: Record<string, string>) {
  const database = await openDatabase(loadConfig(env, cwd), { templateDir, log: () => undefined });
  try {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM schema_migrations`.execute(database.db);
    return rows[0]?.n;
  } finally {
    await database.close();
  }
}

describe("npm start's early PGlite open", () => {
  it('takes the data folder at once and hands the started database to openDatabase, new or existing', async () => {
    const env = { PORTAL_DATA_DIR: 'data' };
    const lines: string[] = [];
    expect(beginPgliteOpenForStart(env, cwd, { templateDir, log: (line) => lines.push(line) })).toBe(true);
    // Claimed before the portal's modules load: a second portal on the folder is turned away from the start.
    expect(fs.readFileSync(lockOf('data'), 'utf8').trim()).toBe(String(process.pid));
    expect(beginPgliteOpenForStart(env, cwd, { templateDir })).toBe(false);
    // openDatabase takes the open begun above: opening the folder again would find it held by this very process.
    expect(await migrationsOf(env)).toBe(MIGRATIONS.length);
    expect(lines).toEqual([
      expect.stringMatching(/^Database created in .*data.db.pgdata from the migrated template in/),
    ]);
    expect(fs.existsSync(lockOf('data'))).toBe(false);

    // A restart: the folder exists.
    expect(beginPgliteOpenForStart(env, cwd, { templateDir })).toBe(true);
    expect(await migrationsOf(env)).toBe(MIGRATIONS.length);
  });

  it("reports a folder another portal holds where openDatabase is awaited, with the lock's message", async () => {
    const env = { PORTAL_DATA_DIR: 'held' };
    fs.mkdirSync(path.dirname(lockOf('held')), { recursive: true });
    // A live process other than this one (the test runner's parent).
    fs.writeFileSync(lockOf('held'), `${process.ppid}\n`);
    expect(beginPgliteOpenForStart(env, cwd, { templateDir })).toBe(true);
    const opening = openDatabase(loadConfig(env, cwd), { templateDir, log: () => undefined });
    await expect(opening).rejects.toThrow(LockfileBusyError);
    await expect(opening).rejects.toThrow(`Another portal process (pid ${process.ppid}) is using the data folder`);
    expect(fs.readFileSync(lockOf('held'), 'utf8').trim()).toBe(String(process.ppid));
  });

  it('begins nothing when the portal uses a PostgreSQL server', () => {
    expect(beginPgliteOpenForStart({ DATABASE_URL: 'postgres://db/fleet' }, cwd, { templateDir })).toBe(false);
    expect(fs.existsSync(path.join(cwd, 'var'))).toBe(false);
  });
});
