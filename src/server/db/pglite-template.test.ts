import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from './database.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { pgliteDataFolder, pgliteTemplateFolder } from './pglite-template.ts';

const work = fs.mkdtempSync(path.join(tmpdir(), 'fleet-pglite-template-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function openFresh(name: string, templateDir: string) {
  const lines: string[] = [];
  const database = await openDatabase(loadConfig({ PORTAL_DATA_DIR: path.join(work, name) }), {
    log: (line) => lines.push(line),
    templateDir,
  });
  return { database, lines };
}

describe('a new PGlite database from the migrated template', () => {
  it('is created in full once, kept as the template, and copied for the next new folder: a migrated, empty database', async () => {
    const templateDir = path.join(work, 'cache');
    // A template of other migrations is replaced.
    const stale = pgliteTemplateFolder(templateDir, MIGRATIONS.slice(0, 3));
    fs.mkdirSync(stale, { recursive: true });
    fs.writeFileSync(path.join(stale, 'PG_VERSION'), '17\n');

    const first = await openFresh('first', templateDir);
    await first.database.close();
    expect(first.lines[0]).toMatch(
      /^Creating the embedded PostgreSQL database in .*first.db.pgdata \(first start only/,
    );
    const template = pgliteTemplateFolder(templateDir);
    expect(fs.readdirSync(templateDir)).toEqual([path.basename(template)]);

    const second = await openFresh('second', templateDir);
    try {
      expect(second.lines).toEqual([
        expect.stringMatching(/^Database created in .*second.db.pgdata from the migrated template in \d+\.\d s\.$/),
      ]);
      const { rows } = await sql<{ name: string }>`SELECT name FROM schema_migrations ORDER BY name`.execute(
        second.database.db,
      );
      expect(rows.map((row) => row.name)).toEqual(MIGRATIONS.map((migration) => migration.name).sort());
      // Its own folder, not the template's: a write lands in the copy only.
      await second.database.db.insertInto('tenants').values({ id: 'tenant-a', name: 'A' }).execute();
      expect(await second.database.db.selectFrom('tenants').select('id').execute()).toEqual([{ id: 'tenant-a' }]);
    } finally {
      await second.database.close();
    }
    const third = await openFresh('third', templateDir);
    try {
      expect(await third.database.db.selectFrom('tenants').select('id').execute()).toEqual([]);
    } finally {
      await third.database.close();
    }
    // It creates a PGlite database from nothing (initdb and every migration in WebAssembly): about 20 s alone, over
    // 60 s when the suite's other workers share two cores with other work (seen in session 18's CI runs).
  }, 180_000);

  it('is created in place when the template cannot be kept', async () => {
    const blocked = path.join(work, 'not-a-folder');
    fs.writeFileSync(blocked, 'a file where the template folder would go');
    const { database, lines } = await openFresh('in-place', blocked);
    try {
      expect(lines.some((line) => line.startsWith(`No database template in ${blocked}`))).toBe(true);
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM schema_migrations`.execute(database.db);
      expect(rows[0]?.n).toBe(MIGRATIONS.length);
    } finally {
      await database.close();
    }
  });
});

describe("npm start's PGlite data folder", () => {
  it('looks for the data folder where the configuration and openDatabase put it', () => {
    const cwd = path.join(work, 'checkout');
    for (const env of [{}, { PORTAL_DATA_DIR: 'data' }, { PORTAL_DATA_DIR: path.join(work, 'absolute') }]) {
      expect(pgliteDataFolder(env, cwd)).toBe(path.join(loadConfig(env, cwd).dataDir, 'db', 'pgdata'));
    }
    expect(pgliteDataFolder({ DATABASE_URL: 'postgres://db/fleet' }, cwd)).toBeNull();
  });
});
