import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { withTenant } from '../db/tenant-scope.ts';
import { REPORT_TENANT, seedReportFleet } from '../testing/report-test-fleet.ts';
import { groupReportOf, readTenantWeek } from './tenant-week.ts';
import { weeklyGroupReport } from './weekly-report.ts';

/**
 * The e-mail sender reads a tenant's week once and sums every recipient's group report from it (issue #27): each must
 * be exactly the report the Overview's builders give for the same systems (weekly-report.ts), whatever the systems —
 * a whole site (which the builders read from the site rollups), part of a site, several sites, DTF lengths — and
 * whether the previous week is whole or only partly in the portal. The fleet has data from Monday 9 March 2026.
 */

const NOW = new Date('2026-03-31T09:00:00Z');
const everything = { tenantId: REPORT_TENANT, customerIds: [], siteIds: [], systemIds: [] };

const CASES = [
  { group: 'DTG', serials: ['DTG-10001', 'DTG-10003'], says: 'the whole Berlin site' },
  { group: 'DTG', serials: ['DTG-10001'], says: 'part of the Berlin site' },
  { group: 'DTG', serials: ['DTG-10001', 'DTG-10002', 'DTG-10003'], says: 'two sites' },
  { group: 'DTF', serials: ['DTF-20001'], says: 'one DTF printer' },
  { group: 'DTF', serials: ['DTF-20001', 'DTF-20002'], says: 'every DTF printer' },
] as const;

describe('group reports summed from a tenant’s week read once', () => {
  let database: PortalDatabase;

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedReportFleet(database.db, '2026-03-09', '2026-03-30');
    await database.db
      .insertInto('goals')
      .values([
        {
          tenant_id: REPORT_TENANT,
          system_group: 'DTG',
          goal_type: 'weekly',
          period_start: '2026-03-02',
          goal_value: 900,
        },
        {
          tenant_id: REPORT_TENANT,
          system_group: 'DTG',
          goal_type: 'weekly',
          period_start: '2026-03-23',
          goal_value: 1500,
        },
        {
          tenant_id: REPORT_TENANT,
          system_group: 'DTG',
          goal_type: 'weekly',
          period_start: '2026-03-30',
          goal_value: 7,
        },
        {
          tenant_id: REPORT_TENANT,
          system_group: 'DTF',
          goal_type: 'yearly',
          period_start: '2026-01-01',
          goal_value: 5000,
        },
      ])
      .execute();
  }, 240_000);

  afterAll(() => database.close());

  for (const weekStart of ['2026-03-23', '2026-03-09']) {
    for (const { group, serials, says } of CASES) {
      it(`week of ${weekStart}, ${says}: the builders' report`, async () => {
        const [summed, built] = await withTenant(database.db, REPORT_TENANT, async (trx) => {
          const week = await readTenantWeek(trx, REPORT_TENANT, weekStart, NOW);
          if (week === null) throw new Error('The week is over on every site: it must be read');
          return [
            groupReportOf(week, trx, group, serials),
            await weeklyGroupReport(trx, everything, group, serials, weekStart, NOW),
          ];
        });
        expect(summed).toEqual(built);
        // The cases cover what the report varies by: numbers, a goal in force (DTG weekly, DTF yearly), a partial week.
        expect(summed.cards.totalProduction.value).toBeGreaterThan(0);
        expect(group === 'DTG' ? summed.goals.weeklyGoal : summed.goals.yearlyGoal).toBe(
          group === 'DTF' ? 5000 : weekStart === '2026-03-23' ? 1500 : 900,
        );
        expect(summed.previousWeekDataFrom).toBe(weekStart === '2026-03-09' ? '2026-03-09' : null);
      });
    }
  }

  it('reads nothing while the week is still running on some site’s clock (the builders then cut it)', async () => {
    // Sunday 29 March, 22:30 in Berlin: the week of 23 March is not over there.
    const sundayNight = new Date('2026-03-29T20:30:00Z');
    const week = await withTenant(database.db, REPORT_TENANT, (trx) =>
      readTenantWeek(trx, REPORT_TENANT, '2026-03-23', sundayNight),
    );
    expect(week).toBeNull();
  });
});
