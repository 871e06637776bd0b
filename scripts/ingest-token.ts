/**
 * `npm run ingest-token -- --tenant <tenant id>`: creates a per-tenant ingest token for gateways (POST /api/ingest/telemetry)
 * and prints it once; only its SHA-256 is stored. Opens the database like the portal does, so stop the portal first when it uses PGlite.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { createIngestToken } from '../src/server/ingest/ingest-tokens.ts';

const USAGE = 'usage: npm run ingest-token -- --tenant <tenant id>';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { tenant: { type: 'string' } } });
  const tenantId = values.tenant;
  if (tenantId === undefined || tenantId === '') throw new Error(`--tenant is required\n${USAGE}`);
  const database = await openDatabase(loadConfig(), { log: () => undefined });
  try {
    const tenant = await database.db.selectFrom('tenants').select('id').where('id', '=', tenantId).executeTakeFirst();
    if (tenant === undefined) throw new Error(`No tenant '${tenantId}' in this database`);
    console.log(await createIngestToken(database.db, tenantId));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
