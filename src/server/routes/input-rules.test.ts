import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../shared/api-types.ts';
import { ROLE } from '../../shared/auth/roles.ts';
import { FIXTURE_SYSTEMS, FIXTURE_TENANT } from '../fixtures/fixture-fleet.ts';
import { seedDemoFleet } from '../fixtures/seed-demo.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../testing/api-test-harness.ts';
import { isAcceptedDay, isCustomRangeText, withNulFreeStrings } from './input-rules.ts';

/**
 * Issue #10 item 6: a NUL in any string, a day outside 2000-01-01..2099-12-31 or not in the calendar, and a custom range
 * that is not one are 400s with the schema's message on every route that takes them — never a 500, never ignored.
 */

const TODAY = '2024-03-05';
const admin: TestIdentity = { sub: 'rules-admin', tenantId: FIXTURE_TENANT.id, roles: [ROLE.Admin] };
const SERIAL = FIXTURE_SYSTEMS[0]?.serialNumber ?? '';

const NUL_MESSAGE = 'must not contain the character U+0000';
const DAY_MESSAGE = 'must be a calendar day yyyy-MM-dd from 2000-01-01 to 2099-12-31';
const RANGE_MESSAGE =
  'must be a custom range yyyy-MM-dd[THH:00]/yyyy-MM-dd[THH:00] with days from 2000-01-01 to 2099-12-31';

describe('accepted days and custom ranges', () => {
  it.each(['2000-01-01', '2024-02-29', '2099-12-31'])('accepts %s', (day) => {
    expect(isAcceptedDay(day)).toBe(true);
  });

  it.each(['0001-01-01', '1999-12-31', '2100-01-01', '9999-12-31', '9999-99-99', '2023-02-29', '2024-3-5', ''])(
    'refuses %j',
    (day) => {
      expect(isAcceptedDay(day)).toBe(false);
    },
  );

  it.each(['2024-03-01/2024-03-04', '2024-03-01T05:00/2024-03-04T23:00', '2000-01-01T00:00/2099-12-31'])(
    'accepts the range %s',
    (range) => {
      expect(isCustomRangeText(range)).toBe(true);
    },
  );

  it.each([
    'garbage',
    '2024-03-01',
    '2024-03-01/2024-03-02/2024-03-03',
    '0001-01-01/0001-01-02',
    '2024-03-01/9999-12-31',
    '2024-02-30/2024-03-01',
    '2024-03-01T24:00/2024-03-02',
    '2024-03-01T05:30/2024-03-02',
  ])('refuses the range %j', (range) => {
    expect(isCustomRangeText(range)).toBe(false);
  });
});

describe('withNulFreeStrings', () => {
  it('marks every open string, nested too, and leaves closed lists and the original alone', () => {
    const original = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        note: { type: ['string', 'null'] },
        group: { type: 'string', enum: ['DTG'] },
        list: { type: 'array', items: { type: 'string' } },
        either: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        count: { type: 'integer' },
      },
      required: ['name'],
    };
    expect(withNulFreeStrings(original)).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', nulFree: true },
        note: { type: ['string', 'null'], nulFree: true },
        group: { type: 'string', enum: ['DTG'] },
        list: { type: 'array', items: { type: 'string', nulFree: true } },
        either: { anyOf: [{ type: 'string', nulFree: true }, { type: 'null' }] },
        count: { type: 'integer' },
      },
      required: ['name'],
    });
    expect(original.properties.name).toEqual({ type: 'string' });
  });

  it('reads a property named like a keyword as a property', () => {
    expect(withNulFreeStrings({ type: 'object', properties: { type: { type: 'string' } } })).toEqual({
      type: 'object',
      properties: { type: { type: 'string', nulFree: true } },
    });
  });
});

describe('the rules on the API', () => {
  let h: ApiTestHarness;
  let authorization: string;

  beforeAll(async () => {
    h = await createApiTestHarness();
    await seedDemoFleet(h.database.db, TODAY);
    await h.database.db
      .insertInto('users')
      .values({
        id: admin.sub,
        tenant_id: admin.tenantId,
        email: 'rules-admin@example.test',
        first_name: 'Rules',
        last_name: 'Admin',
        roles: [ROLE.Admin],
      })
      .execute();
    authorization = await h.bearer(admin);
  });

  afterAll(async () => {
    await h.close();
  });

  const send = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await h.app.inject({
      method,
      url,
      headers: { authorization },
      ...(payload === undefined ? {} : { payload }),
    });
    return { status: response.statusCode, body: response.json<ApiErrorBody>() };
  };

  const badRequest = (message: string) => ({ status: 400, body: { statusCode: 400, error: 'Bad Request', message } });

  describe('U+0000 in a string', () => {
    it.each([
      ['GET', `/api/data/customer-data?serialNumber=%00`, undefined, 'querystring/serialNumber'],
      ['GET', `/api/data/customer-data?serialNumber=${SERIAL}%00`, undefined, 'querystring/serialNumber'],
      [
        'GET',
        `/api/system-page-report/software-versions?day=${TODAY}&systemGroup=DTG&system=%00`,
        undefined,
        'querystring/system',
      ],
      [
        'POST',
        `/api/overview-report/overview-cards?day=${TODAY}&systemGroup=DTG`,
        { systems: [SERIAL, 'A\u0000'] },
        'body/systems/1',
      ],
      [
        'POST',
        `/api/overview-report/availabilitiesKPIs?day=${TODAY}&systemGroup=DTG`,
        { systems: ['\u0000'] },
        'body/systems/0',
      ],
      ['POST', '/api/system-data/system-name', { serialNumber: SERIAL, nickName: 'a\u0000b' }, 'body/nickName'],
      ['POST', '/api/system-data/system-name', { serialNumber: '\u0000', nickName: 'x' }, 'body/serialNumber'],
      ['POST', '/api/users/locale', { localeCode: 'en\u0000' }, 'body/localeCode'],
      ['POST', '/api/users/agreement', { version: '\u0000', isApproved: true }, 'body/version'],
      ['POST', '/api/users/user-settings', { portalLanguage: 'en\u0000' }, 'body/portalLanguage'],
    ] as const)('%s %s is a 400 naming the field', async (method, url, payload, field) => {
      expect(await send(method, url, payload)).toEqual(badRequest(`${field} ${NUL_MESSAGE}`));
    });
  });

  describe('days outside the accepted range or not in the calendar', () => {
    const overview = (query: string) =>
      ['POST', `/api/overview-report/overview-cards?${query}&systemGroup=DTG`] as const;
    it.each([
      [...overview('day=0001-01-01'), 'querystring/day'],
      [...overview('day=1999-12-31'), 'querystring/day'],
      [...overview('week=2100-01-01'), 'querystring/week'],
      [...overview('day=9999-12-31'), 'querystring/day'],
      [...overview('day=2023-02-29'), 'querystring/day'],
      ['GET', '/api/system-data/systems-analysis?day=0001-01-01&systemGroup=DTG', 'querystring/day'],
      ['GET', '/api/system-data/systems-analysis?week=9999-12-31&systemGroup=DTG', 'querystring/week'],
      [
        'GET',
        `/api/system-page-report/software-versions?day=0001-01-01&systemGroup=DTG&system=${SERIAL}`,
        'querystring/day',
      ],
      ['POST', '/api/reports/getMaxKeepAlive?systemGroupType=DTG&day=9999-99-99', 'querystring/day'],
      ['POST', '/api/reports/getMaxKeepAlive?systemGroupType=DTG&month=0001-01-01', 'querystring/month'],
      ['GET', '/api/reports/systems?systemGroup=DTG&week=9999-12-31', 'querystring/week'],
      ['GET', '/api/reports/current-state?systemGroup=DTG&day=2024-13-01', 'querystring/day'],
    ] as const)('%s %s is a 400', async (method, url, field) => {
      expect(await send(method, url, method === 'POST' ? { systems: [] } : undefined)).toMatchObject(
        badRequest(`${field} ${DAY_MESSAGE}`),
      );
    });

    it.each([
      ['POST', `/api/overview-report/production-rate?custom=0001-01-01/0001-01-02&systemGroup=DTG`],
      ['POST', `/api/overview-report/production-rate?custom=2024-03-01/9999-12-31&systemGroup=DTG`],
      ['POST', `/api/overview-report/production-rate?custom=2024-03-01T24:00/2024-03-02&systemGroup=DTG`],
      ['GET', '/api/reports/systems?systemGroup=DTG&custom=garbage'],
      ['POST', '/api/reports/getMaxKeepAlive?systemGroupType=DTG&custom=garbage'],
    ] as const)('%s %s is a 400 for the custom range', async (method, url) => {
      const payload = url.includes('overview-report') ? { systems: [] } : undefined;
      expect(await send(method, url, payload)).toEqual(badRequest(`querystring/custom ${RANGE_MESSAGE}`));
    });

    it('answers the first and the last accepted day', async () => {
      for (const day of ['2000-01-01', '2099-12-31']) {
        const cards = await send('POST', `/api/overview-report/overview-cards?day=${day}&systemGroup=DTG`, {
          systems: [],
        });
        expect(cards.status).toBe(200);
        const analysis = await send('GET', `/api/system-data/systems-analysis?week=${day}&systemGroup=DTG`);
        expect(analysis.status).toBe(200);
      }
      const range = await send(
        'POST',
        '/api/overview-report/production-rate?custom=2099-12-01T05:00/2099-12-31T23:00&systemGroup=DTG',
        { systems: [] },
      );
      expect(range.status).toBe(200);
      const keepAlive = await send('POST', `/api/reports/getMaxKeepAlive?systemGroupType=DTG&year=${TODAY}`);
      expect(keepAlive.status).toBe(200);
    });
  });
});
