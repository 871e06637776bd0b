import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Two small tenants for ingest and isolation tests: serials and the time zones of their sites. */
export const TEST_FLEET = {
  a: {
    tenantId: 'tenant-a',
    systems: [
      { id: 'a-berlin-1', serial: 'A-100', siteId: 'a-berlin', timeZone: 'Europe/Berlin' },
      { id: 'a-newark-1', serial: 'A-200', siteId: 'a-newark', timeZone: 'America/New_York' },
    ],
  },
  b: {
    tenantId: 'tenant-b',
    systems: [{ id: 'b-berlin-1', serial: 'B-100', siteId: 'b-berlin', timeZone: 'Europe/Berlin' }],
  },
} as const;

/** Writes the reference rows of TEST_FLEET (tenants, customers, sites, models, systems). */
export async function seedTestFleet(db: Kysely<Database>): Promise<void> {
  for (const tenant of [TEST_FLEET.a, TEST_FLEET.b]) {
    const tenantId = tenant.tenantId;
    await db.insertInto('tenants').values({ id: tenantId, name: tenantId }).execute();
    await db.insertInto('customers').values({ tenant_id: tenantId, id: 'customer', name: 'Customer' }).execute();
    await db
      .insertInto('models')
      .values({ tenant_id: tenantId, id: 'model', name: 'Model', system_group: 'DTF' })
      .execute();
    for (const system of tenant.systems) {
      await db
        .insertInto('sites')
        .values({
          tenant_id: tenantId,
          id: system.siteId,
          customer_id: 'customer',
          name: system.siteId,
          time_zone: system.timeZone,
        })
        .execute();
      await db
        .insertInto('systems')
        .values({
          tenant_id: tenantId,
          id: system.id,
          serial_number: system.serial,
          customer_id: 'customer',
          site_id: system.siteId,
          model_id: 'model',
          system_group: 'DTF',
          nickname: null,
        })
        .execute();
    }
  }
}
