import type { Kysely } from 'kysely';
import { insertFleetReference } from '../db/fleet-reference.ts';
import type { Database } from '../db/schema.ts';
import type { TestIdentity } from './api-test-harness.ts';
import { testUserRow } from './test-fleet-plan.ts';

/**
 * The live push tests' fleet: a tenant named `tenantId` with one hall in Berlin and one Apollo printer per serial
 * (system id `sys-<serial in lower case>`), and a user row for each of `users` (the tenant's people who open dashboards).
 */
export async function seedApolloHall(
  db: Kysely<Database>,
  tenantId: string,
  serials: string[],
  users: TestIdentity[],
): Promise<void> {
  const customerId = `${tenantId}-c`;
  await insertFleetReference(db, {
    tenants: [{ id: tenantId, name: tenantId, office: 'Berlin' }],
    customers: [{ tenantId, id: customerId, name: 'Customer' }],
    sites: [{ tenantId, id: 'hall', customerId, name: 'Hall', timeZone: 'Europe/Berlin' }],
    models: [{ tenantId, id: 'apollo-1', name: 'Apollo One', group: 'Apollo' }],
    systems: serials.map((serial) => ({
      tenantId,
      id: `sys-${serial.toLowerCase()}`,
      serialNumber: serial,
      customerId,
      siteId: 'hall',
      modelId: 'apollo-1',
      group: 'Apollo' as const,
      nickname: null,
    })),
  });
  if (users.length === 0) return;
  await db
    .insertInto('users')
    .values(users.map((user) => testUserRow(user)))
    .execute();
}
