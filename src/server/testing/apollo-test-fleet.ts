import type { Kysely } from 'kysely';
import { ROLE } from '../../shared/auth/roles.ts';
import type { Database } from '../db/schema.ts';
import { simulateHistory } from '../simulator/simulate.ts';
import type { TestIdentity } from './api-test-harness.ts';
import { testFleetPlan, testUserRow } from './test-fleet-plan.ts';

/**
 * The Apollo counterpart of report-test-fleet.ts: three Sunrise Apparel printers of the demo plan, two in Shanghai and
 * one in León (Mexico City's clock), seeded through the ingest path, and an unrestricted admin of the tenant.
 */

export const APOLLO_TENANT = 'sunrise-apparel';
export const APOLLO_SERIALS = ['APL-30001', 'APL-30002', 'APL-30003'] as const;
export const apolloAdmin: TestIdentity = { sub: 'sr-admin', tenantId: APOLLO_TENANT, roles: [ROLE.Admin] };

/** Simulates the local days `from` … `to`, and adds the admin unless `users` is false (a second stretch). */
export async function seedApolloFleet(
  db: Kysely<Database>,
  from: string,
  to: string,
  options: { users?: boolean } = {},
): Promise<void> {
  await simulateHistory(db, testFleetPlan(APOLLO_TENANT, APOLLO_SERIALS), { from, to });
  if (options.users === false) return;
  await db.insertInto('users').values(testUserRow(apolloAdmin)).execute();
}
