import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { FLEET_DATA_TABLES, ingestRecordsOf, rowsOf } from '../testing/fleet-tables.ts';
import { copyHistory } from './copy-history.ts';
import { planFleet, type FleetPlan } from './fleet-plan.ts';
import { simulateHistory, type SimulationResult } from './simulate.ts';
import { smallPlan } from './small-plan.ts';

/** smallPlan's two printers of northwind-textiles (Berlin, Newark) and one of sunrise-apparel (Apollo, a night shift). */
function twoTenantPlan(): FleetPlan {
  const small = smallPlan();
  const full = planFleet({ seed: small.seed });
  const other = full.systems.find((system) => system.tenantId === 'sunrise-apparel');
  if (other === undefined) throw new Error('the plan has no sunrise-apparel printer');
  const tenantIds = new Set([...small.systems, other].map((system) => system.tenantId));
  return {
    ...full,
    tenants: full.tenants.filter((tenant) => tenantIds.has(tenant.id)),
    customers: full.customers.filter((customer) => tenantIds.has(customer.tenantId)),
    sites: full.sites.filter((site) => tenantIds.has(site.tenantId)),
    models: full.models.filter((model) => tenantIds.has(model.tenantId)),
    systems: [...small.systems, other],
  };
}

// Berlin's autumn DST night (2026-10-25, 25 h), overnight jobs across the flushes every second day, software versions
// on the first day.
const plan = twoTenantPlan();
const range = { from: '2026-10-23', to: '2026-10-27' };

let ingested: PortalDatabase;
let reference: SimulationResult;
let copied: PortalDatabase;
beforeAll(async () => {
  [ingested, copied] = await Promise.all([openTestDatabase(), openTestDatabase()]);
  reference = await simulateHistory(ingested.db, plan, { ...range, batchSize: 300 });
});
afterAll(async () => {
  await Promise.all([ingested.close(), copied.close()]);
});

/** Every table of `db` equals the one built through the ingest path. */
async function expectIngestedRows(db: Kysely<Database>): Promise<void> {
  for (const table of FLEET_DATA_TABLES) {
    const expected = await rowsOf(ingested.db, table);
    expect(expected.length, table).toBeGreaterThan(0);
    expect(await rowsOf(db, table), table).toEqual(expected);
  }
  expect(await ingestRecordsOf(db)).toEqual(await ingestRecordsOf(ingested.db));
}

describe('copyHistory', () => {
  it('stores exactly the raw rows and rollups the same plan stores sent batch by batch through the ingest path', async () => {
    const built = await copyHistory(copied.db, plan, {
      ...range,
      connectionString: copied.connectionString!,
      flushDays: 2,
      // OEE's planned hours a printer at a time: the chunks give the rows of one statement over all printers.
      plannedSystemsPerStatement: 1,
    });
    expect(built).toMatchObject({ records: reference.records, accepted: reference.accepted, rejected: 0 });
    expect(reference.records).toBeGreaterThan(200);
    await expectIngestedRows(copied.db);
  });

  it('fails instead of dropping a record whose identity is already stored', async () => {
    const again = copyHistory(copied.db, plan, { ...range, connectionString: copied.connectionString!, flushDays: 2 });
    await expect(again).rejects.toThrow(/duplicate key/);
  });
});
