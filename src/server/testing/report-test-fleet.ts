import type { Kysely } from 'kysely';
import { ROLE } from '../../shared/auth/roles.ts';
import type { Database } from '../db/schema.ts';
import { planFleet, type FleetPlan } from '../simulator/fleet-plan.ts';
import { simulateHistory } from '../simulator/simulate.ts';
import type { TestIdentity } from './api-test-harness.ts';

/**
 * A small simulated fleet for report tests: five Northwind printers of the demo plan, in Berlin (DST on 29 March 2026)
 * and Newark, seeded through the ingest path, plus an unrestricted admin and a user scoped to the Berlin site.
 */

export const REPORT_TENANT = 'northwind-textiles';
export const REPORT_SERIALS = {
  DTG: ['DTG-10001', 'DTG-10002', 'DTG-10003'],
  DTF: ['DTF-20001', 'DTF-20002'],
} as const;
/** The systems at the Berlin site. */
export const BERLIN_SERIALS = { DTG: ['DTG-10001', 'DTG-10003'], DTF: ['DTF-20001'] } as const;

export const reportAdmin: TestIdentity = { sub: 'nw-admin', tenantId: REPORT_TENANT, roles: [ROLE.Admin] };
export const berlinReader: TestIdentity = { sub: 'nw-berlin', tenantId: REPORT_TENANT, roles: [ROLE.ReadOnly] };
export const berlinEditor: TestIdentity = { sub: 'nw-berlin-editor', tenantId: REPORT_TENANT, roles: [ROLE.Scheduler] };

function reportPlan(): FleetPlan {
  const full = planFleet({ seed: 7 });
  const serials: readonly string[] = [...REPORT_SERIALS.DTG, ...REPORT_SERIALS.DTF];
  return {
    ...full,
    tenants: full.tenants.filter((tenant) => tenant.id === REPORT_TENANT),
    customers: full.customers.filter((customer) => customer.tenantId === REPORT_TENANT),
    sites: full.sites.filter((site) => site.tenantId === REPORT_TENANT),
    models: full.models.filter((model) => model.tenantId === REPORT_TENANT),
    systems: full.systems.filter((system) => serials.includes(system.serialNumber)),
  };
}

/** Simulates the fleet's local days `from` … `to` and adds the test users (unless `users` is false: a second stretch). */
export async function seedReportFleet(
  db: Kysely<Database>,
  from: string,
  to: string,
  options: { users?: boolean } = {},
): Promise<void> {
  await simulateHistory(db, reportPlan(), { from, to });
  if (options.users === false) return;
  const user = (identity: TestIdentity, siteIds: string[] = []) => ({
    id: identity.sub,
    tenant_id: REPORT_TENANT,
    email: `${identity.sub}@example.test`,
    first_name: 'First',
    last_name: identity.sub,
    roles: identity.roles ?? [],
    site_ids: siteIds,
  });
  await db
    .insertInto('users')
    .values([user(reportAdmin), user(berlinReader, ['berlin']), user(berlinEditor, ['berlin'])])
    .execute();
}
