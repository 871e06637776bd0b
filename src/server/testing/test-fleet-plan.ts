import { planFleet, type FleetPlan } from '../simulator/fleet-plan.ts';
import type { TestIdentity } from './api-test-harness.ts';

/** The simulator's plan (seed 7) cut down to these printers of `tenantId`, with the tenant's customers, sites and models. */
export function testFleetPlan(tenantId: string, serials: readonly string[]): FleetPlan {
  const full = planFleet({ seed: 7 });
  return {
    ...full,
    tenants: full.tenants.filter((tenant) => tenant.id === tenantId),
    customers: full.customers.filter((customer) => customer.tenantId === tenantId),
    sites: full.sites.filter((site) => site.tenantId === tenantId),
    models: full.models.filter((model) => model.tenantId === tenantId),
    systems: full.systems.filter((system) => serials.includes(system.serialNumber)),
  };
}

/** The `users` row of a test identity (limited to `siteIds` when given). */
export function testUserRow(identity: TestIdentity, siteIds: string[] = []) {
  return {
    id: identity.sub,
    tenant_id: identity.tenantId,
    email: `${identity.sub}@example.test`,
    first_name: 'First',
    last_name: identity.sub,
    roles: identity.roles ?? [],
    site_ids: siteIds,
  };
}
