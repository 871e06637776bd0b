import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTestHarness, type ApiTestHarness } from '../testing/api-test-harness.ts';
import { fillDays, recordHistoryRange } from '../simulator/backfill.ts';
import { provisionFleet } from '../simulator/provision.ts';
import { smallPlan } from '../simulator/small-plan.ts';

let h: ApiTestHarness;
beforeAll(async () => {
  h = await createApiTestHarness();
});
afterAll(async () => {
  await h.close();
});

const health = async () => {
  const response = await h.app.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(200);
  return response.json<Record<string, unknown>>();
};

describe('GET /api/health history', () => {
  it('is absent without demo history, then counts the filled days of the recorded range', async () => {
    expect(await health()).toEqual({ status: 'ok', database: h.database.kind, version: h.config.version });

    const plan = smallPlan();
    const range = { from: '2026-02-01', to: '2026-02-03' };
    await provisionFleet(h.database.db, plan);
    await recordHistoryRange(h.database.db, range);
    expect((await health())['history']).toEqual({ daysAvailable: 0, daysTotal: 3 });

    await fillDays(h.database.db, plan, range, ['2026-02-03']);
    expect((await health())['history']).toEqual({ daysAvailable: 1, daysTotal: 3 });
    await fillDays(h.database.db, plan, range, ['2026-02-02', '2026-02-01']);
    expect((await health())['history']).toEqual({ daysAvailable: 3, daysTotal: 3 });
  });
});
