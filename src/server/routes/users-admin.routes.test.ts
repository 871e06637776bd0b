import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, ListedUser } from '../../shared/api-types.ts';
import { ROLE } from '../../shared/auth/roles.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../testing/api-test-harness.ts';

// Account Management's server calls (spec shell §2, §3, §5, §6, §7, §8; issue #28).
const T = 'tenant-accounts';
const OTHER = 'tenant-elsewhere';

const root: TestIdentity = {
  sub: 'u-root',
  tenantId: T,
  roles: [ROLE.Admin, ROLE.GoalsSetter, ROLE.Scheduler, ROLE.ManageApi, ROLE.Certificate],
};
/** An admin whose scope is the site s1 only, holding Admin and Scheduler. */
const siteAdmin: TestIdentity = { sub: 'u-site-admin', tenantId: T, roles: [ROLE.Admin, ROLE.Scheduler] };
const scheduler: TestIdentity = { sub: 'u-scheduler', tenantId: T, roles: [ROLE.Scheduler] };
const elsewhereAdmin: TestIdentity = { sub: 'u-elsewhere', tenantId: OTHER, roles: [ROLE.Admin] };

/** A valid save payload's user (spec shell §3 "Save payload"). */
const newUser = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Nora',
  lastName: 'Newcomer',
  email: 'nora@accounts.test',
  permissions: [ROLE.Scheduler],
  customerIds: [],
  siteIds: [],
  systemIds: [],
  ...overrides,
});

let h: ApiTestHarness;

beforeAll(async () => {
  h = await createApiTestHarness();
  const { db } = h.database;
  await db
    .insertInto('tenants')
    .values([
      { id: T, name: 'Accounts Prints' },
      { id: OTHER, name: 'Elsewhere Textiles' },
    ])
    .execute();
  await db
    .insertInto('customers')
    .values([
      { tenant_id: T, id: 'c1', name: 'Customer One' },
      { tenant_id: T, id: 'c2', name: 'Customer Two' },
      { tenant_id: OTHER, id: 'o-cust', name: 'Other Customer' },
    ])
    .execute();
  await db
    .insertInto('sites')
    .values([
      { tenant_id: T, id: 's1', customer_id: 'c1', name: 'Site One' },
      { tenant_id: T, id: 's2', customer_id: 'c1', name: 'Site Two' },
      { tenant_id: T, id: 's3', customer_id: 'c2', name: 'Site Three' },
      { tenant_id: OTHER, id: 'o-site', customer_id: 'o-cust', name: 'Other Site' },
    ])
    .execute();
  await db
    .insertInto('models')
    .values([
      { tenant_id: T, id: 'm', name: 'Model', system_group: 'DTG' },
      { tenant_id: OTHER, id: 'm', name: 'Model', system_group: 'DTG' },
    ])
    .execute();
  const system = (tenantId: string, id: string, site: string, customer: string) => ({
    tenant_id: tenantId,
    id,
    serial_number: `SN-${id}`,
    customer_id: customer,
    site_id: site,
    model_id: 'm',
    system_group: 'DTG' as const,
  });
  await db
    .insertInto('systems')
    .values([
      system(T, 'y1', 's1', 'c1'),
      system(T, 'y2', 's2', 'c1'),
      system(T, 'y3', 's3', 'c2'),
      system(OTHER, 'o-sys', 'o-site', 'o-cust'),
    ])
    .execute();
  const user = (identity: TestIdentity, first: string, last: string) => ({
    id: identity.sub,
    tenant_id: identity.tenantId,
    email: `${identity.sub}@accounts.test`,
    first_name: first,
    last_name: last,
    roles: identity.roles ?? [],
  });
  await db
    .insertInto('users')
    .values([
      { ...user(root, 'Rita', 'Root'), is_root_user: true },
      { ...user(siteAdmin, 'Sandy', 'Anders'), site_ids: ['s1'] },
      user(scheduler, 'Hanna', 'Scheduler'),
      { ...user({ sub: 'u-shadow', tenantId: T }, 'Shade', 'Hidden'), is_shadow_user: true },
      user(elsewhereAdmin, 'Otto', 'Elsewhere'),
    ])
    .execute();
});

afterAll(async () => {
  await h.close();
});

async function send(identity: TestIdentity, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  return h.app.inject({
    method,
    url,
    headers: { authorization: await h.bearer(identity) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
const list = async (identity: TestIdentity, query = '') => send(identity, 'GET', `/api/users/extended${query}`);
const save = (identity: TestIdentity, user: Record<string, unknown>) => send(identity, 'POST', '/api/users', [user]);
const remove = (identity: TestIdentity, id: string) => send(identity, 'DELETE', `/api/users/${id}`);
const stored = (id: string) => h.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
const names = (users: ListedUser[]) => users.map((user) => `${user.firstname} ${user.lastname}`);

describe('GET /api/users/extended', () => {
  it("lists the tenant's users by last name, without shadow users or another tenant's", async () => {
    const response = await list(root);
    expect(response.statusCode).toBe(200);
    expect(names(response.json<ListedUser[]>())).toEqual(['Sandy Anders', 'Rita Root', 'Hanna Scheduler']);
    expect(response.json<ListedUser[]>()[1]).toMatchObject({ id: 'u-root', isRootUser: true, isShadowUser: false });
  });

  it('filters by first or last name, case-insensitively, from 2 characters on', async () => {
    const search = async (text: string) =>
      names((await list(root, `?search=${encodeURIComponent(text)}`)).json<ListedUser[]>());
    expect(await search('an')).toEqual(['Sandy Anders', 'Hanna Scheduler']);
    expect(await search('ROO')).toEqual(['Rita Root']);
    expect(await search('  ri ')).toEqual(['Rita Root']);
    // One character does not filter.
    expect(await search('x')).toEqual(['Sandy Anders', 'Rita Root', 'Hanna Scheduler']);
    expect(await search('hidden')).toEqual([]);
    // LIKE's wildcards are plain characters.
    expect(await search('%%')).toEqual([]);
  });

  it('refuses a search over 100 characters and unknown parameters with 400', async () => {
    expect((await list(root, `?search=${'a'.repeat(101)}`)).statusCode).toBe(400);
    expect((await list(root, '?name=ri')).json<ApiErrorBody>().message).toContain('additional properties');
  });
});

describe('Admin only', () => {
  it('answers 403 to a user without the Admin role on every call, before looking at the input', async () => {
    expect((await list(scheduler)).statusCode).toBe(403);
    expect((await save(scheduler, newUser({ email: 'nope@accounts.test' }))).statusCode).toBe(403);
    expect((await send(scheduler, 'POST', '/api/users', { not: 'a list' })).statusCode).toBe(403);
    expect((await remove(scheduler, 'u-site-admin')).statusCode).toBe(403);
    expect(await stored('u-site-admin')).toBeDefined();
  });
});

describe('POST /api/users: create and duplicate', () => {
  it('creates a user without a password and answers the list of that one user', async () => {
    const response = await save(root, newUser({ siteIds: ['s2'], permissions: [ROLE.Scheduler, ROLE.GoalsSetter] }));
    expect(response.statusCode, response.body).toBe(200);
    const [created, ...rest] = response.json<ListedUser[]>();
    expect(rest).toEqual([]);
    expect(created).toMatchObject({
      firstname: 'Nora',
      lastname: 'Newcomer',
      email: 'nora@accounts.test',
      permissions: [ROLE.Scheduler, ROLE.GoalsSetter],
      isRootUser: false,
      isShadowUser: false,
      customerIds: [],
      siteIds: ['s2'],
      systemIds: [],
    });
    const row = await stored(created?.id ?? '');
    expect(row).toMatchObject({ tenant_id: T, password_hash: null, is_root_user: false, is_super_user: false });
    expect(names((await list(root)).json<ListedUser[]>())).toContain('Nora Newcomer');
  });

  it('creates a duplicate (the form clears the id) with its own e-mail as a new user', async () => {
    const [original] = (await list(root, '?search=Newcomer')).json<ListedUser[]>();
    const duplicate = newUser({
      firstName: 'Nils',
      email: 'nils@accounts.test',
      siteIds: original?.siteIds,
      permissions: original?.permissions,
    });
    const response = await save(root, duplicate);
    expect(response.statusCode, response.body).toBe(200);
    const [copy] = response.json<ListedUser[]>();
    expect(copy?.id).not.toBe(original?.id);
    expect(copy).toMatchObject({ firstname: 'Nils', siteIds: ['s2'], permissions: original?.permissions });
  });

  it("answers an e-mail already in use, in any case or any tenant, with the 5xx 'CODE:1000' body of spec §8", async () => {
    for (const email of ['nora@accounts.test', 'NORA@Accounts.Test', 'u-elsewhere@accounts.test']) {
      const response = await save(root, newUser({ firstName: 'Other', email }));
      expect(response.statusCode, email).toBe(500);
      expect(response.body).not.toContain('Elsewhere');
      // Spec shell §8: a 5xx whose body starts 'CODE:' carries the code; 1000 is the e-mail one (src/api/error-catalogue.ts).
      expect(response.body).toMatch(/^CODE:1000\b/);
    }
    const others = await h.database.db.selectFrom('users').select('id').where('first_name', '=', 'Other').execute();
    expect(others).toEqual([]);
  });

  it.each([
    ['a missing first name', { firstName: undefined }, 'firstName'],
    ['an empty first name', { firstName: '' }, 'firstName'],
    ['a first name of 101 characters', { firstName: 'a'.repeat(101) }, 'firstName'],
    ['a first name with digits', { firstName: 'Nora2' }, 'firstName'],
    ['a first name of spaces only', { firstName: '   ' }, 'firstName'],
    ['a missing last name', { lastName: undefined }, 'lastName'],
    ['a last name of 101 characters', { lastName: 'b'.repeat(101) }, 'lastName'],
    ['a last name with punctuation', { lastName: 'New-comer' }, 'lastName'],
    ['a missing e-mail', { email: undefined }, 'email'],
    ['an invalid e-mail', { email: 'not-an-address' }, 'email'],
    ['an e-mail of 257 characters', { email: `${'e'.repeat(257 - '@accounts.test'.length)}@accounts.test` }, 'email'],
    ['an unknown role', { permissions: ['root'] }, 'permissions'],
    ['a repeated role', { permissions: [ROLE.Scheduler, ROLE.Scheduler] }, 'permissions'],
    ['a scope id that is not text', { siteIds: [{ id: 's1' }] }, 'siteIds'],
    ['an unknown field', { avatarBase64: 'x' }, 'additional properties'],
  ])('refuses %s with 400 and the schema error', async (_case, overrides, named) => {
    const response = await save(root, newUser({ email: 'invalid@accounts.test', ...overrides }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<ApiErrorBody>().message).toContain(named);
    expect(await h.database.db.selectFrom('users').where('email', '=', 'invalid@accounts.test').execute()).toEqual([]);
  });

  it('refuses anything but a list of exactly one user with 400', async () => {
    for (const payload of [[], [newUser(), newUser({ email: 'two@accounts.test' })], newUser()]) {
      expect((await send(root, 'POST', '/api/users', payload)).statusCode).toBe(400);
    }
  });

  it('accepts names of 100 letters and spaces, accented letters included, and an e-mail of 256 characters', async () => {
    const email = `${'l'.repeat(256 - '@accounts.test'.length)}@accounts.test`;
    const firstName = `Zoë ${'a'.repeat(96)}`;
    const response = await save(root, newUser({ firstName, lastName: 'Łukasz Ñandú', email }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ListedUser[]>()[0]).toMatchObject({ firstname: firstName, email });
  });
});

describe('POST /api/users: edit', () => {
  it('saves names, roles and scope of an existing user, keeping the id and e-mail', async () => {
    const response = await save(root, {
      ...newUser({ id: 'u-scheduler', email: 'u-scheduler@accounts.test' }),
      firstName: 'Hanne',
      permissions: [ROLE.Scheduler, ROLE.Certificate],
      customerIds: ['c2'],
      systemIds: ['y1'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ListedUser[]>()).toEqual([
      expect.objectContaining({
        id: 'u-scheduler',
        firstname: 'Hanne',
        email: 'u-scheduler@accounts.test',
        permissions: [ROLE.Scheduler, ROLE.Certificate],
        customerIds: ['c2'],
        siteIds: [],
        systemIds: ['y1'],
      }),
    ]);
    expect(await stored('u-scheduler')).toMatchObject({ first_name: 'Hanne', customer_ids: ['c2'] });
  });

  it('refuses to change the e-mail of an existing user with 400', async () => {
    const response = await save(root, newUser({ id: 'u-scheduler', email: 'changed@accounts.test' }));
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toContain('email');
    expect((await stored('u-scheduler'))?.email).toBe('u-scheduler@accounts.test');
  });

  it("answers 404 for an unknown user, a shadow user and another tenant's user, changing nothing", async () => {
    for (const [id, email] of [
      ['no-such-user', 'no-such-user@accounts.test'],
      ['u-shadow', 'u-shadow@accounts.test'],
      ['u-elsewhere', 'u-elsewhere@accounts.test'],
    ] as const) {
      const response = await save(root, newUser({ id, email, firstName: 'Taken' }));
      expect(response.statusCode, id).toBe(404);
      expect(response.body).not.toContain('Otto');
    }
    expect((await stored('u-elsewhere'))?.first_name).toBe('Otto');
    expect((await stored('u-shadow'))?.first_name).toBe('Shade');
  });

  it('keeps the root user an admin: removing their Admin role is 403, other edits are saved', async () => {
    const rootUser = newUser({ id: 'u-root', email: 'u-root@accounts.test', firstName: 'Rita' });
    const demoted = await save(root, { ...rootUser, permissions: [ROLE.Scheduler] });
    expect(demoted.statusCode).toBe(403);
    expect((await stored('u-root'))?.roles).toContain(ROLE.Admin);
    const renamed = await save(root, { ...rootUser, lastName: 'Rootwell', permissions: [ROLE.Admin] });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<ListedUser[]>()[0]).toMatchObject({ lastname: 'Rootwell', isRootUser: true });
  });
});

describe('POST /api/users: what an admin may grant', () => {
  const grant = (overrides: Record<string, unknown>) =>
    save(siteAdmin, newUser({ email: 'granted@accounts.test', ...overrides }));

  it('grants the roles the admin holds within the scope the admin has (site s1, its system y1)', async () => {
    const site = await grant({ siteIds: ['s1'], permissions: [ROLE.Admin, ROLE.Scheduler] });
    expect(site.statusCode, site.body).toBe(200);
    const [created] = site.json<ListedUser[]>();
    const system = await save(
      siteAdmin,
      newUser({ id: created?.id, email: 'granted@accounts.test', systemIds: ['y1'] }),
    );
    expect(system.statusCode, system.body).toBe(200);
    expect(system.json<ListedUser[]>()[0]).toMatchObject({ siteIds: [], systemIds: ['y1'] });
  });

  it('lets an admin without the ReadOnly role give it (it takes rights away) and keep it when editing', async () => {
    const created = await grant({ email: 'reader@accounts.test', siteIds: ['s1'], permissions: [ROLE.ReadOnly] });
    expect(created.statusCode, created.body).toBe(200);
    const [reader] = created.json<ListedUser[]>();
    const renamed = await save(
      siteAdmin,
      newUser({
        id: reader?.id,
        email: 'reader@accounts.test',
        lastName: 'Reader',
        siteIds: ['s1'],
        permissions: [ROLE.ReadOnly],
      }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<ListedUser[]>()[0]).toMatchObject({ lastname: 'Reader', permissions: [ROLE.ReadOnly] });
  });

  it.each([
    ['a role the admin lacks', { siteIds: ['s1'], permissions: [ROLE.Certificate] }],
    ['every system of the tenant (empty scope)', {}],
    ["the customer of the admin's site", { customerIds: ['c1'] }],
    ['a site beside the admin’s', { siteIds: ['s2'] }],
    ['a system outside the admin’s site', { systemIds: ['y3'] }],
  ])('refuses %s with 403', async (_case, overrides) => {
    const response = await grant({ email: 'beyond@accounts.test', ...overrides });
    expect(response.statusCode, response.body).toBe(403);
    expect(await h.database.db.selectFrom('users').where('email', '=', 'beyond@accounts.test').execute()).toEqual([]);
  });

  it.each([
    ["another tenant's customer", { customerIds: ['o-cust'] }],
    ["another tenant's site", { siteIds: ['o-site'] }],
    ["another tenant's system", { systemIds: ['o-sys'] }],
    ['an unknown site', { siteIds: ['s9'] }],
  ])('answers 404 for %s, for any admin', async (_case, overrides) => {
    for (const admin of [root, siteAdmin]) {
      const response = await save(admin, newUser({ email: 'foreign@accounts.test', ...overrides }));
      expect(response.statusCode, response.body).toBe(404);
      expect(response.body).not.toContain('Other');
    }
  });
});

describe('POST and DELETE: whom an admin may manage', () => {
  // An admin grants at most their own roles and scope; so they cannot edit or delete a user who holds more, or the
  // site admin could strip the root user's roles and narrow their scope (issue #28: the root user cannot be demoted).
  const rootUser = newUser({ id: 'u-root', email: 'u-root@accounts.test', firstName: 'Rita', lastName: 'Root' });

  it("refuses (403) to edit the root user beyond a site admin's roles and scope, changing nothing", async () => {
    const before = await stored('u-root');
    for (const narrowed of [
      { ...rootUser, siteIds: ['s1'], permissions: [ROLE.Admin] },
      { ...rootUser, siteIds: ['s1'], permissions: [ROLE.Admin, ROLE.Scheduler] },
    ]) {
      const response = await save(siteAdmin, narrowed);
      expect(response.statusCode, response.body).toBe(403);
    }
    expect(await stored('u-root')).toEqual(before);
  });

  it('refuses (403) to edit or delete a user whose scope is wider than the admin’s, changing nothing', async () => {
    // Hanna holds only Scheduler, a role the site admin holds too, but on every system of the tenant.
    const before = await stored('u-scheduler');
    const moved = await save(
      siteAdmin,
      newUser({ id: 'u-scheduler', email: 'u-scheduler@accounts.test', firstName: 'Hanna', siteIds: ['s1'] }),
    );
    expect(moved.statusCode, moved.body).toBe(403);
    expect((await remove(siteAdmin, 'u-scheduler')).statusCode).toBe(403);
    expect(await stored('u-scheduler')).toEqual(before);
  });

  it('lets a tenant-wide admin edit and delete a user a site admin may not', async () => {
    const [created] = (
      await save(root, newUser({ email: 'wide@accounts.test', permissions: [ROLE.Certificate] }))
    ).json<ListedUser[]>();
    const id = created?.id ?? '';
    expect((await remove(siteAdmin, id)).statusCode).toBe(403);
    const renamed = await save(root, newUser({ id, email: 'wide@accounts.test', lastName: 'Wider', siteIds: ['s3'] }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await remove(root, id)).statusCode).toBe(204);
  });
});

describe('DELETE /api/users/:id', () => {
  it('deletes a user of the tenant with their settings', async () => {
    const [created] = (await save(root, newUser({ email: 'leaving@accounts.test' }))).json<ListedUser[]>();
    const id = created?.id ?? '';
    await h.database.db.insertInto('user_settings').values({ user_id: id, default_system_group: 'DTG' }).execute();
    const response = await remove(root, id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await stored(id)).toBeUndefined();
    expect(await h.database.db.selectFrom('user_settings').where('user_id', '=', id).execute()).toEqual([]);
    expect((await remove(root, id)).statusCode).toBe(404);
  });

  it('never deletes the root user (403)', async () => {
    expect((await remove(siteAdmin, 'u-root')).statusCode).toBe(403);
    expect((await remove(root, 'u-root')).statusCode).toBe(403);
    expect(await stored('u-root')).toBeDefined();
  });

  it("answers 404 for a shadow user and another tenant's user, deleting nothing", async () => {
    expect((await remove(root, 'u-shadow')).statusCode).toBe(404);
    expect((await remove(root, 'u-elsewhere')).statusCode).toBe(404);
    expect((await remove(elsewhereAdmin, 'u-scheduler')).statusCode).toBe(404);
    expect(await stored('u-shadow')).toBeDefined();
    expect(await stored('u-elsewhere')).toBeDefined();
    expect(await stored('u-scheduler')).toBeDefined();
  });
});
