import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClaims } from '../../shared/auth/claims.ts';
import type { PortalDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { registerTenantScope } from './tenant-request.ts';

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
