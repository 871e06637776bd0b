import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, UserSettings } from '../../shared/api-types.ts';
import { ROLE } from '../../shared/auth/roles.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../testing/api-test-harness.ts';

// The other user-settings fields (defaults, merge, userSystemGroup rejected) are covered in src/server/app.test.ts.
const tenantId = 'tenant-views';
const viewer: TestIdentity = { sub: 'u-viewer', tenantId, roles: [ROLE.Scheduler] };
const colleague: TestIdentity = { sub: 'u-colleague', tenantId, roles: [ROLE.Scheduler] };
const reader: TestIdentity = { sub: 'u-reader', tenantId, roles: [ROLE.ReadOnly] };

describe('/api/users/user-settings: systemsAnalysisView', () => {
  let h: ApiTestHarness;

  beforeAll(async () => {
    h = await createApiTestHarness();
    const { db } = h.database;
    await db.insertInto('tenants').values({ id: tenantId, name: 'View Prints' }).execute();
    await db
      .insertInto('users')
      .values(
        [viewer, colleague, reader].map((identity) => ({
          id: identity.sub,
          tenant_id: tenantId,
          email: `${identity.sub}@example.test`,
          first_name: 'First',
          last_name: 'Last',
          roles: identity.roles ?? [],
        })),
      )
      .execute();
  });

  afterAll(async () => {
    await h.close();
  });

  const get = async (identity: TestIdentity) =>
    h.app.inject({
      method: 'GET',
      url: '/api/users/user-settings',
      headers: { authorization: await h.bearer(identity) },
    });
  const post = async (identity: TestIdentity, payload: Record<string, unknown>) =>
    h.app.inject({
      method: 'POST',
      url: '/api/users/user-settings',
      headers: { authorization: await h.bearer(identity) },
      payload,
    });

  it("is 'table' for a user who never chose a view", async () => {
    const response = await get(viewer);
    expect(response.statusCode).toBe(200);
    expect(response.json<UserSettings>().systemsAnalysisView).toBe('table');
  });

  it('stores the chosen view per user, keeps the other settings, and changes back', async () => {
    await post(viewer, { lengthUnits: 'Yard' });
    const saved = await post(viewer, { systemsAnalysisView: 'cards' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<UserSettings>()).toMatchObject({ systemsAnalysisView: 'cards', lengthUnits: 'Yard' });
    expect((await get(viewer)).json<UserSettings>().systemsAnalysisView).toBe('cards');
    expect((await get(colleague)).json<UserSettings>().systemsAnalysisView).toBe('table');

    await post(viewer, { systemsAnalysisView: 'table' });
    expect((await get(viewer)).json<UserSettings>().systemsAnalysisView).toBe('table');
  });

  it('keeps the stored view when another setting is saved', async () => {
    await post(colleague, { systemsAnalysisView: 'cards' });
    await post(colleague, { rtrMetricUnit: 'Square' });
    expect((await get(colleague)).json<UserSettings>()).toMatchObject({
      systemsAnalysisView: 'cards',
      rtrMetricUnit: 'Square',
    });
  });

  it('rejects another view with 400 and the schema message', async () => {
    const response = await post(viewer, { systemsAnalysisView: 'tiles' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'body/systemsAnalysisView must be equal to one of the allowed values',
    });
  });

  describe('a ReadOnly user (spec shell §6: no Settings entry)', () => {
    it('may not save the Settings page preferences: 403 with the catalogue message, nothing stored', async () => {
      const updates = [
        { lengthUnits: 'Yard' },
        { defaultSystemGroup: 'DTG' },
        { rtrMetricUnit: 'Square' },
        { portalLanguage: 'en-US' },
        { systemsAnalysisView: 'cards', lengthUnits: 'Yard' },
      ];
      for (const update of updates) {
        const response = await post(reader, update);
        expect([update, response.statusCode]).toEqual([update, 403]);
        expect(response.json<ApiErrorBody>()).toEqual({
          statusCode: 403,
          error: 'Forbidden',
          message: 'User is forbidden to access this functionality',
        });
      }
      expect((await get(reader)).json<UserSettings>()).toMatchObject({
        lengthUnits: 'Meter',
        rtrMetricUnit: 'Linear',
        systemsAnalysisView: 'table',
      });
    });

    it('may save the Systems Analysis view, which every user switches on that page', async () => {
      const saved = await post(reader, { systemsAnalysisView: 'cards' });
      expect(saved.statusCode).toBe(200);
      expect((await get(reader)).json<UserSettings>().systemsAnalysisView).toBe('cards');
    });
  });
});
