import type { Kysely } from 'kysely';
import { ROLE } from '../../shared/auth/roles.ts';
import type { Database } from '../db/schema.ts';
import { planFleet, type FleetPlan } from '../simulator/fleet-plan.ts';
import { simulateHistory } from '../simulator/simulate.ts';
import type { TestIdentity } from './api-test-harness.ts';

/**
 * The Apollo counterpart of report-test-fleet.ts: three Sunrise Apparel printers of the demo plan, two in Shanghai and
 * one in León (Mexico City's clock), seeded through the ingest path, and an unrestricted admin of the tenant.
 */

export const APOLLO_TENANT = 'sunrise-apparel';
export const APOLLO_SERIALS = ['APL-30001', 'APL-30002', 'APL-30003'] as const;
export const apolloAdmin: TestIdentity = { sub: 'sr-admin', tenantId: APOLLO_TENANT, roles: [ROLE.Admin] };

function apolloPlan(): FleetPlan {
  const full = planFleet({ seed: 7 });
  const serials: readonly string[] = APOLLO_SERIALS;
  return {
    ...full,
    tenants: full.tenants.filter((tenant) => tenant.id === APOLLO_TENANT),
    customers: full.customers.filter((customer) => customer.tenantId === APOLLO_TENANT),
    sites: full.sites.filter((site) => site.tenantId === APOLLO_TENANT),
    models: full.models.filter((model) => model.tenantId === APOLLO_TENANT),
    systems: full.systems.filter((system) => serials.includes(system.serialNumber)),
  };
}

/** Simulates the local days `from` … `to`, and adds the admin unless `users` is false (a second stretch). */
export async function seedApolloFleet(
  db: Kysely<Database>,
  from: string,
  to: string,
  options: { users?: boolean } = {},
): Promise<void> {
  await simulateHistory(db, apolloPlan(), { from, to });
  if (options.users === false) return;
  await db
    .insertInto('users')
    .values({
      id: apolloAdmin.sub,
      tenant_id: APOLLO_TENANT,
      email: `${apolloAdmin.sub}@example.test`,
      first_name: 'First',
      last_name: apolloAdmin.sub,
      roles: apolloAdmin.roles ?? [],
    })
    .execute();
}
