import type { Kysely } from 'kysely';
import { ROLE } from '../../shared/auth/roles.ts';
import type { Database } from '../db/schema.ts';
import { simulateHistory } from '../simulator/simulate.ts';
import type { TestIdentity } from './api-test-harness.ts';
import { testFleetPlan, testUserRow } from './test-fleet-plan.ts';

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

/** The report tenant's weekly DTG goal row for the week starting `monday` (goals are keyed by their Monday). */
export function weeklyDtgGoal(monday: string, goalValue: number) {
  return {
    tenant_id: REPORT_TENANT,
    system_group: 'DTG' as const,
    goal_type: 'weekly' as const,
    period_start: monday,
    goal_value: goalValue,
  };
}

/** Simulates the fleet's local days `from` … `to` and adds the test users (unless `users` is false: a second stretch). */
export async function seedReportFleet(
  db: Kysely<Database>,
  from: string,
  to: string,
  options: { users?: boolean } = {},
): Promise<void> {
  await simulateHistory(db, testFleetPlan(REPORT_TENANT, [...REPORT_SERIALS.DTG, ...REPORT_SERIALS.DTF]), { from, to });
  if (options.users === false) return;
  await db
    .insertInto('users')
    .values([testUserRow(reportAdmin), testUserRow(berlinReader, ['berlin']), testUserRow(berlinEditor, ['berlin'])])
    .execute();
}
