import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClaims } from '../../shared/auth/claims.ts';
import type { PortalDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { readAfterLsn, readOnlyScope, READ_AFTER_COOKIE, registerTenantScope } from './tenant-request.ts';

interface Probe {
  role: string;
  tenant: string;
  user: string;
  tenants: string[];
}

let database: PortalDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db
    .insertInto('tenants')
    .values([
      { id: 't-one', name: 'One' },
      { id: 't-two', name: 'Two' },
    ])
    .execute();
  app = Fastify();
  // Stands in for registerAuthentication: the caller comes from two headers.
  app.decorateRequest('portalUser', null as unknown as PortalClaims);
  app.addHook('onRequest', async (request) => {
    request.portalUser = {
      sub: String(request.headers['x-sub']),
      tenantId: String(request.headers['x-tenant']),
    } as PortalClaims;
  });
  registerTenantScope(app, database.db);
  app.get('/probe', async (request): Promise<Probe> =>
    request.tenantDb(async (trx) => {
      const { rows } = await sql<Omit<Probe, 'tenants'>>`SELECT current_user AS role,
        current_setting('app.tenant_id') AS tenant, current_setting('app.user_id') AS user`.execute(trx);
      const tenants = await trx.selectFrom('tenants').select('id').orderBy('id').execute();
      return { ...rows[0]!, tenants: tenants.map((row) => row.id) };
    }),
  );
  const readOnly = async (request: FastifyRequest) =>
    request.tenantDb(async (trx) => {
      const { rows } = await sql<{ on: string }>`SELECT current_setting('transaction_read_only') AS on`.execute(trx);
      return { readOnly: rows[0]?.on === 'on' };
    });
  app.get('/access', readOnly);
  await app.register(async (reports) => {
    readOnlyScope(reports);
    reports.post('/reports/access', readOnly);
    reports.post('/reports/rename', { config: { databaseAccess: 'write' } }, readOnly);
    reports.register(async (live) => {
      readOnlyScope(live, 'fresh-read');
      live.post('/live/access', readOnly);
    });
    reports.post('/reports/sneaky-write', async (request) =>
      request.tenantDb((trx) => trx.insertInto('tenants').values({ id: 't-three', name: 'Three' }).execute()),
    );
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const probe = async (sub: string, tenant: string) =>
  (await app.inject({ method: 'GET', url: '/probe', headers: { 'x-sub': sub, 'x-tenant': tenant } })).json<Probe>();

describe('request.tenantDb', () => {
  it("runs the request's work as portal_api, scoped to the caller's tenant and naming the caller", async () => {
    expect(await probe('u-1', 't-one')).toEqual({
      role: 'portal_api',
      tenant: 't-one',
      user: 'u-1',
      tenants: ['t-one'],
    });
  });

  it('keeps concurrent requests of different tenants apart and leaves the pool unscoped', async () => {
    const answers = await Promise.all([probe('u-1', 't-one'), probe('u-2', 't-two'), probe('u-3', 't-one')]);
    expect(answers.map((answer) => [answer.user, answer.tenants])).toEqual([
      ['u-1', ['t-one']],
      ['u-2', ['t-two']],
      ['u-3', ['t-one']],
    ]);
    const { rows } = await sql<{ role: string }>`SELECT current_user AS role`.execute(database.db);
    expect(rows[0]?.role).not.toBe('portal_api');
  });
});

describe('readOnlyScope', () => {
  const call = (method: 'GET' | 'POST', url: string) =>
    app.inject({ method, url, headers: { 'x-sub': 'u-1', 'x-tenant': 't-one' } });

  it('runs the routes of the scope in READ ONLY transactions, and only those', async () => {
    expect((await call('POST', '/reports/access')).json()).toEqual({ readOnly: true });
    expect((await call('POST', '/live/access')).json()).toEqual({ readOnly: true });
    expect((await call('GET', '/access')).json()).toEqual({ readOnly: false });
  });

  it('lets a route of the scope that writes say so in its config', async () => {
    expect((await call('POST', '/reports/rename')).json()).toEqual({ readOnly: false });
  });

  it('refuses a write from a read route, so a report that wrote fails its tests on every database', async () => {
    const response = await call('POST', '/reports/sneaky-write');
    expect(response.statusCode).toBe(500);
    expect(await database.db.selectFrom('tenants').select('id').where('id', '=', 't-three').execute()).toEqual([]);
  });
});

describe('the read-after cookie', () => {
  it('reads a well-formed WAL position and ignores anything else', () => {
    expect(readAfterLsn(`a=1; ${READ_AFTER_COOKIE}=1A/2B3C4D; b=2`)).toBe('1A/2B3C4D');
    expect(readAfterLsn(`${READ_AFTER_COOKIE}=1A/2B3C4D'); DROP TABLE x; --`)).toBeNull();
    expect(readAfterLsn(`${READ_AFTER_COOKIE}=`)).toBeNull();
    expect(readAfterLsn(undefined)).toBeNull();
  });
});
