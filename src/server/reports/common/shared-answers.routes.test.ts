import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AchievementsResponse } from '../../../shared/api-types.ts';
import { ROLE } from '../../../shared/auth/roles.ts';
import { READ_AFTER_COOKIE } from '../../auth/tenant-request.ts';
import type { Database } from '../../db/schema.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../../testing/api-test-harness.ts';
import { testUserRow } from '../../testing/test-fleet-plan.ts';
import {
  berlinReader,
  REPORT_TENANT,
  reportAdmin,
  seedReportFleet,
  weeklyDtgGoal,
} from '../../testing/report-test-fleet.ts';
import { sharedAnswers, tenantAnswer, type Asker } from './shared-answers.ts';

/**
 * Shared report answers over the real app (shared-answers.ts): who shares an answer, and the writes that end the sharing.
 * Answers are kept for ten minutes here, so that "still shared" never depends on how fast the machine is; their expiry
 * is shared-answers.test.ts's, on a pinned clock.
 */

const secondAdmin: TestIdentity = { sub: 'nw-admin-2', tenantId: REPORT_TENANT, roles: [ROLE.Admin] };
const ACHIEVEMENTS = '/api/overview-report/achievements?day=2026-03-25&systemGroup=DTG';

let h: ApiTestHarness;

beforeAll(async () => {
  h = await createApiTestHarness({ env: { PORTAL_SHARED_ANSWERS_MS: '600000' } });
  const { db } = h.database;
  await seedReportFleet(db, '2026-03-25', '2026-03-25');
  await db.insertInto('users').values(testUserRow(secondAdmin)).execute();
  await setWeeklyGoalBehindTheApi(900);
}, 120_000);

afterAll(async () => {
  await h.close();
});

/** Changes the week's goal in the database directly: no request of the app hears of it. */
async function setWeeklyGoalBehindTheApi(goalValue: number) {
  await h.database.db
    .insertInto('goals')
    .values(weeklyDtgGoal('2026-03-23', goalValue))
    .onConflict((conflict) =>
      conflict
        .columns(['tenant_id', 'system_group', 'goal_type', 'period_start'])
        .doUpdateSet({ goal_value: goalValue }),
    )
    .execute();
}

async function weeklyGoal(identity: TestIdentity, headers: Record<string, string> = {}) {
  const response = await h.app.inject({
    method: 'POST',
    url: ACHIEVEMENTS,
    headers: { authorization: await h.bearer(identity), ...headers },
    payload: { systems: [] },
  });
  expect(response.statusCode).toBe(200);
  return response.json<AchievementsResponse>().weeklyGoal;
}

describe('shared report answers', () => {
  it('give users who see the same systems the same answer; a narrower scope and a recent writer get their own', async () => {
    expect(await weeklyGoal(reportAdmin)).toBe(900);
    await setWeeklyGoalBehindTheApi(950);
    // The second admin sees what the first one does: the answer computed for the first.
    expect(await weeklyGoal(secondAdmin)).toBe(900);
    // A Berlin user sees other systems: the answer is computed for that scope.
    expect(await weeklyGoal(berlinReader)).toBe(950);
    // A client that wrote through another node carries the read-after cookie: never a shared answer.
    expect(await weeklyGoal(secondAdmin, { cookie: `${READ_AFTER_COOKIE}=0/16B3748` })).toBe(950);
    expect(await weeklyGoal(reportAdmin)).toBe(900);
    // A different call is a different answer.
    const week = await h.app.inject({
      method: 'POST',
      url: ACHIEVEMENTS.replace('day=', 'week='),
      headers: { authorization: await h.bearer(reportAdmin) },
      payload: { systems: [] },
    });
    expect(week.json<AchievementsResponse>().weeklyGoal).toBe(950);
  });

  it("drop the tenant's answers when a write through the API commits: the writer reads their write", async () => {
    expect(await weeklyGoal(reportAdmin)).toBe(900);
    const saved = await h.app.inject({
      method: 'POST',
      url: '/api/data/goals',
      headers: { authorization: await h.bearer(reportAdmin) },
      payload: {
        goalValue: 777,
        goalPeriod: 0,
        systemGroup: 'DTG',
        time: '2026-03-25T11:00:00.000Z',
        timezoneOffset: 1,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(await weeklyGoal(reportAdmin)).toBe(777);
    expect(await weeklyGoal(secondAdmin)).toBe(777);
  });

  it('are refused to a caller the portal does not know, shared or not', async () => {
    expect(await weeklyGoal(reportAdmin)).toBe(777);
    const stranger = await h.app.inject({
      method: 'POST',
      url: ACHIEVEMENTS,
      headers: { authorization: await h.bearer({ ...reportAdmin, sub: 'nobody' }) },
      payload: { systems: [] },
    });
    expect(stranger.statusCode).toBe(403);
  });

  it('stay shared when a write is refused', async () => {
    await setWeeklyGoalBehindTheApi(600);
    const refused = await h.app.inject({
      method: 'POST',
      url: '/api/data/goals',
      headers: { authorization: await h.bearer(berlinReader) },
      payload: { goalValue: 5, goalPeriod: 0, systemGroup: 'DTG', time: '2026-03-25T11:00:00.000Z', timezoneOffset: 1 },
    });
    expect(refused.statusCode).toBe(403);
    // The refusal wrote nothing: the shared answer stands.
    expect(await weeklyGoal(reportAdmin)).toBe(777);
  });
});

/**
 * tenantAnswer's own requests over the harness' database, counting the transactions they open: callers that share
 * an answer, or wait for one, need no database connection (the soak's 300 connections of one account would otherwise
 * each hold one while they wait).
 */
describe('tenantAnswer', () => {
  function sharing() {
    const answers = sharedAnswers({ maxAgeMs: 600_000 });
    let transactions = 0;
    let computations = 0;
    const request = (sub: string, url: string) =>
      ({
        sharedAnswers: answers,
        portalUser: { sub, tenantId: REPORT_TENANT, isSuperUser: false },
        method: 'POST',
        url,
        body: { systems: [] },
        tenantDb: <T>(work: (trx: Transaction<Database>) => Promise<T>) => {
          transactions += 1;
          return h.database.db.transaction().execute(work);
        },
      }) as unknown as FastifyRequest;
    const compute = async (trx: Transaction<Database>, asker: Asker) => {
      computations += 1;
      await trx.selectFrom('systems').select('id').execute();
      return `${asker.language}: answered`;
    };
    const ask = (sub: string, url: string, times: number) =>
      Promise.all(Array.from({ length: times }, () => tenantAnswer(request(sub, url), compute)));
    return { ask, counts: () => ({ transactions, computations }) };
  }

  it("lets one caller's concurrent calls share one read of its users row and one computation", async () => {
    const { ask, counts } = sharing();
    expect(new Set(await ask(reportAdmin.sub, '/a', 10))).toEqual(new Set(['en-US: answered']));
    expect(counts()).toEqual({ transactions: 1, computations: 1 });
    // Known now: ten calls of another question wait for its one computation, in one transaction.
    await ask(reportAdmin.sub, '/b', 10);
    expect(counts()).toEqual({ transactions: 2, computations: 2 });
    await ask(reportAdmin.sub, '/a', 10);
    expect(counts()).toEqual({ transactions: 2, computations: 2 });
  });

  it('refuses every concurrent call of a caller the portal does not know', async () => {
    const { ask, counts } = sharing();
    const asked = await Promise.allSettled([ask('nobody', '/a', 1), ask('nobody', '/a', 1), ask('nobody', '/a', 1)]);
    expect(asked.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(counts().computations).toBe(0);
  });
});
