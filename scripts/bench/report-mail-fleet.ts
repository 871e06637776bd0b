/**
 * The e-mail benchmarks' recipients (report-mail-bench.ts, report-mail-p95.ts): users of the report tests' tenant, each
 * with a weekly entry due at 06:00 Berlin time on Tuesday 31 March 2026, their scope by `mode`:
 * `shared`: the whole tenant, so one report is built and its charts drawn once per pass;
 * `distinct`: every user's scope differs (all the tenant's systems plus an id of their own) but holds the same systems,
 * so the group reports are built once and shared;
 * `distinct-systems`: every user's scope a different set of the tenant's systems (with the 22-printer fleet, 13 DTG and
 * 9 DTF: the DTG set differs for each of up to 8,191 users, the DTF set cycles through 511), so nearly every e-mail has
 * its own numbers and charts.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';
import { planFleet } from '../../src/server/simulator/fleet-plan.ts';
import { simulateHistory } from '../../src/server/simulator/simulate.ts';
import { REPORT_TENANT, reportAdmin, seedReportFleet } from '../../src/server/testing/report-test-fleet.ts';
import { testFleetPlan, testUserRow } from '../../src/server/testing/test-fleet-plan.ts';

export type RecipientMode = 'shared' | 'distinct' | 'distinct-systems';

export const SEND_AT = new Date('2026-03-31T09:00:00Z');

/** The `index`-th distinct set of the systems: a subset of each group, chosen by the bits of a number per group. */
function systemsOfUser(index: number, dtg: readonly string[], dtf: readonly string[]): string[] {
  const pick = (ids: readonly string[], bits: number) => ids.filter((_, bit) => (bits >> bit) & 1);
  const dtgBits = (index % (2 ** dtg.length - 1)) + 1;
  const dtfBits = ((index * 7) % (2 ** dtf.length - 1)) + 1;
  return [...pick(dtg, dtgBits), ...pick(dtf, dtfBits)];
}

/** Adds users `from` … `from + count - 1` with their entries. */
export async function addUsersWithEntries(
  db: Kysely<Database>,
  mode: RecipientMode,
  from: number,
  count: number,
): Promise<void> {
  const rows = await db
    .selectFrom('systems')
    .select(['id', 'system_group'])
    .where('tenant_id', '=', REPORT_TENANT)
    .orderBy('serial_number')
    .execute();
  const systems = rows.map((system) => system.id);
  const ofGroup = (group: string) => rows.filter((row) => row.system_group === group).map((row) => row.id);
  const scopeOf = (index: number) => {
    if (mode === 'distinct-systems') return systemsOfUser(index, ofGroup('DTG'), ofGroup('DTF'));
    return mode === 'distinct' ? [...systems, `bench-scope-${index}`] : [];
  };
  const users = Array.from({ length: count }, (_, index) => ({
    id: `bench-user-${from + index}`,
    tenant_id: REPORT_TENANT,
    email: `bench-user-${from + index}@example.test`,
    first_name: 'Bench',
    last_name: `User ${from + index}`,
    roles: ['email-scheduler'],
    system_ids: scopeOf(from + index),
  }));
  for (let start = 0; start < users.length; start += 500) {
    const batch = users.slice(start, start + 500);
    await db.insertInto('users').values(batch).execute();
    await db
      .insertInto('email_schedules')
      .values(
        batch.map((user) => ({
          tenant_id: REPORT_TENANT,
          id: `entry-${user.id}`,
          user_id: user.id,
          subject: 'My report',
          start_send_date: '2026-03-01',
          send_weekdays: [1],
          time_zone: 'Europe/Berlin',
        })),
      )
      .execute();
  }
}

/**
 * The simulated fleet over three weeks (9–30 March 2026): the report tests' five printers, or for `distinct-systems`
 * all 22 of the tenant; `users`: also an admin of the whole tenant (`reportAdmin`, and for five printers the report
 * tests' other users).
 */
export async function seedMailBenchFleet(
  db: Kysely<Database>,
  mode: RecipientMode,
  options: { users: boolean },
): Promise<void> {
  const [from, to] = ['2026-03-09', '2026-03-30'];
  if (mode !== 'distinct-systems') return seedReportFleet(db, from, to, options);
  const serials = planFleet({ seed: 7 })
    .systems.filter((system) => system.tenantId === REPORT_TENANT)
    .map((system) => system.serialNumber);
  await simulateHistory(db, testFleetPlan(REPORT_TENANT, serials), { from, to });
  if (options.users) await db.insertInto('users').values(testUserRow(reportAdmin)).execute();
}
