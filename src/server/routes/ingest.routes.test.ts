import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestToken } from '../ingest/ingest-tokens.ts';
import { seedTestFleet, TEST_FLEET } from '../ingest/ingest-test-fleet.ts';
import { createApiTestHarness, type ApiTestHarness } from '../testing/api-test-harness.ts';
import { MAX_INGEST_RECORDS } from '../../shared/contract/health.contract.ts';

let h: ApiTestHarness;
let tokenA: string;
let tokenB: string;
beforeAll(async () => {
  h = await createApiTestHarness();
  await seedTestFleet(h.database.db);
  tokenA = await createIngestToken(h.database.db, TEST_FLEET.a.tenantId);
  tokenB = await createIngestToken(h.database.db, TEST_FLEET.b.tenantId);
});
afterAll(async () => {
  await h.close();
});

const job = (id: string, serial = 'A-100') => ({
  kind: 'job',
  id,
  serial,
  startedAt: '2026-05-04T08:00:00Z',
  endedAt: '2026-05-04T08:03:00Z',
  impressions: 5,
});

const post = (body: unknown, authorization?: string) =>
  h.app.inject({
    method: 'POST',
    url: '/api/ingest/telemetry',
    headers: authorization === undefined ? {} : { authorization },
    payload: body as object,
  });

describe('POST /api/ingest/telemetry', () => {
  it('stores the records of the token’s tenant and reports the others; a retry reports duplicates', async () => {
    const body = { records: [job('route-1'), job('route-2', 'B-100'), { kind: 'job', id: 'x' }] };
    const response = await post(body, `Bearer ${tokenA}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      accepted: 1,
      updated: 0,
      duplicates: 0,
      rejected: [
        { index: 1, reason: '/serial B-100 is not a system of this tenant' },
        { index: 2, reason: expect.stringMatching(/serial/) as unknown },
      ],
    });
    const stored = await h.database.db.selectFrom('jobs').select(['tenant_id', 'id']).execute();
    expect(stored).toEqual([{ tenant_id: TEST_FLEET.a.tenantId, id: 'route-1' }]);

    const retry = await post(body, `Bearer ${tokenA}`);
    expect(retry.json()).toMatchObject({ accepted: 0, duplicates: 1 });
  });

  it('scopes the batch to the tenant of the token', async () => {
    const response = await post({ records: [job('route-b', 'B-100')] }, `Bearer ${tokenB}`);
    expect(response.json()).toEqual({ accepted: 1, updated: 0, duplicates: 0, rejected: [] });
    const row = await h.database.db
      .selectFrom('jobs')
      .select('tenant_id')
      .where('id', '=', 'route-b')
      .executeTakeFirstOrThrow();
    expect(row.tenant_id).toBe(TEST_FLEET.b.tenantId);
  });

  it('answers 401 without a valid ingest token, also to a user access token', async () => {
    const body = { records: [job('route-401')] };
    const userToken = await h.bearer({ sub: 'user-1', tenantId: TEST_FLEET.a.tenantId, roles: ['admin'] });
    for (const authorization of [undefined, 'Bearer fpi_unknown', `Basic ${tokenA}`, userToken]) {
      const response = await post(body, authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json()).toMatchObject({ statusCode: 401, message: 'A valid ingest token is required' });
    }
    // Without a token even a malformed body is a 401: nothing is validated for strangers.
    expect((await post({ nope: true })).statusCode).toBe(401);
  });

  it('rejects records beyond the configured future tolerance (PORTAL_INGEST_FUTURE_TOLERANCE_MS)', async () => {
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const future = (id: string) => ({ ...job(id), startedAt: '2026-05-04T08:00:00Z', endedAt: inAnHour });
    const response = await post({ records: [future('route-future')] }, `Bearer ${tokenA}`);
    expect(response.json()).toEqual({
      accepted: 0,
      updated: 0,
      duplicates: 0,
      rejected: [{ index: 0, reason: '/endedAt is in the future: more than 300 s after the server clock' }],
    });
    const lenient = await createApiTestHarness({ env: { PORTAL_INGEST_FUTURE_TOLERANCE_MS: String(2 * 3_600_000) } });
    try {
      await seedTestFleet(lenient.database.db);
      const token = await createIngestToken(lenient.database.db, TEST_FLEET.a.tenantId);
      const accepted = await lenient.app.inject({
        method: 'POST',
        url: '/api/ingest/telemetry',
        headers: { authorization: `Bearer ${token}` },
        payload: { records: [future('route-future')] },
      });
      expect(accepted.json()).toEqual({ accepted: 1, updated: 0, duplicates: 0, rejected: [] });
    } finally {
      await lenient.close();
    }
  });

  it('answers 400 for a malformed body', async () => {
    const tooMany = { records: Array.from({ length: MAX_INGEST_RECORDS + 1 }, (_, index) => job(`many-${index}`)) };
    for (const body of [{}, { records: 'x' }, { records: [1] }, { records: [], extra: 1 }, tooMany]) {
      const response = await post(body, `Bearer ${tokenA}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    const notJson = await h.app.inject({
      method: 'POST',
      url: '/api/ingest/telemetry',
      headers: { authorization: `Bearer ${tokenA}`, 'content-type': 'application/json' },
      payload: '{"records": [',
    });
    expect(notJson.statusCode).toBe(400);
  });
});
