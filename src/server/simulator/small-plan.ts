import { planFleet, type FleetPlan } from './fleet-plan.ts';

/**
 * Test plan: the demo plan (seed 7) cut down to one DTG printer in Berlin and one DTF printer in Newark — two time
 * zones, one tenant, a few hundred records a day.
 */
export function smallPlan(): FleetPlan {
  const full = planFleet({ seed: 7 });
  const systems = [
    full.systems.find((system) => system.group === 'DTG' && system.siteId === 'berlin'),
    full.systems.find((system) => system.group === 'DTF' && system.siteId === 'newark'),
  ].filter((system) => system !== undefined);
  const tenantIds = new Set(systems.map((system) => system.tenantId));
  return {
    ...full,
    tenants: full.tenants.filter((tenant) => tenantIds.has(tenant.id)),
    customers: full.customers.filter((customer) => tenantIds.has(customer.tenantId)),
    sites: full.sites.filter((site) => tenantIds.has(site.tenantId)),
    models: full.models.filter((model) => tenantIds.has(model.tenantId)),
    systems,
  };
}
