import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AchievementsResponse } from '../../../shared/api-types.ts';
import { createApiTestHarness, type ApiTestHarness } from '../../testing/api-test-harness.ts';
import { REPORT_TENANT, reportAdmin, seedReportFleet } from '../../testing/report-test-fleet.ts';

/**
 * The Overview goals panel's end-of-period forecast (docs/kpi-glossary.md "Goal forecast"), at a pinned server clock:
 * Wednesday 25 March 2026, 12:00 in Berlin (the DTG fleet's first site). The week of the DST change (29 March) is
 * 167 hours long there; 60 of them have passed.
 */

const NOW = new Date('2026-03-25T11:00:00.000Z');
const HOUR = 3_600_000;
let h: ApiTestHarness;

beforeAll(async () => {
  h = await createApiTestHarness({ clock: () => NOW });
  const { db } = h.database;
  await seedReportFleet(db, '2026-03-16', '2026-03-24');
  await db
    .insertInto('goals')
    .values([
      { tenant_id: REPORT_TENANT, system_group: 'DTG', goal_type: 'weekly', period_start: '2026-03-23', goal_value: 1 },
      {
        tenant_id: REPORT_TENANT,
        system_group: 'DTG',
        goal_type: 'yearly',
        period_start: '2026-01-01',
        goal_value: 10_000_000,
      },
    ])
    .execute();
});

afterAll(async () => {
  await h.close();
});

async function achievements(query: string): Promise<AchievementsResponse> {
  const response = await h.app.inject({
    method: 'POST',
    url: `/api/overview-report/achievements?${query}&systemGroup=DTG`,
    headers: { authorization: await h.bearer(reportAdmin) },
    payload: { systems: [] },
  });
  expect(response.statusCode).toBe(200);
  return response.json<AchievementsResponse>();
}

describe('achievements forecast', () => {
  it("projects the week and year in progress at the run rate so far, on the site's clock", async () => {
    const body = await achievements('day=2026-03-25');
    expect(body.weeklyCompleted).toBeGreaterThan(0);
    // Monday 00:00 CET (22 March 23:00 UTC) to now: 60 h; to Monday 30 March 00:00 CEST: 167 h.
    const weekly = (body.weeklyCompleted * 167 * HOUR) / (60 * HOUR);
    expect(body.weeklyForecast?.projected).toBeCloseTo(weekly, 6);
    expect(body.weeklyForecast?.willMeet).toBe(true);
    // 1 January 00:00 CET to now: 83.5 days (before the change); the year: 365 days (its spring and autumn hours cancel).
    const yearly = (body.yearlyCompleted * 365) / 83.5;
    expect(body.yearlyForecast?.projected).toBeCloseTo(yearly, 6);
    expect(body.yearlyForecast?.willMeet).toBe(false);
  });

  it('has none for a week that is over', async () => {
    const body = await achievements('week=2026-03-16');
    expect(body.weeklyForecast).toBeNull();
    expect(body.yearlyForecast).not.toBeNull();
  });
});
