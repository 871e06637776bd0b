import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROLES } from '../../shared/auth/roles.ts';
import type { PortalDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { DEMO_TENANTS } from '../fixtures/demo-tenants.ts';
import { findIdpAccount, findSignInCandidate } from './account-claims.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } from './demo-accounts.ts';
import { verifyPassword } from './password.ts';

let database: PortalDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('demo accounts', () => {
  it('cover every role of spec §6 and a super user in the main tenant, and an admin of each other demo tenant', () => {
    expect(new Set(DEMO_ACCOUNTS.flatMap((account) => account.roles))).toEqual(new Set(ALL_ROLES));
    expect(DEMO_ACCOUNTS.filter((account) => account.isSuperUser).map((account) => account.email)).toEqual([
      'super@fleet-portal.demo',
    ]);
    const tenantsOf = (accounts: readonly { tenantId: string }[]) => accounts.map((account) => account.tenantId);
    expect(new Set(tenantsOf(DEMO_ACCOUNTS))).toEqual(new Set(Object.values(DEMO_TENANTS).map((tenant) => tenant.id)));
    const main = DEMO_ACCOUNTS.filter((account) => account.tenantId === DEMO_TENANTS.main.id);
    expect(new Set(main.flatMap((account) => account.roles))).toEqual(new Set(ALL_ROLES));
    for (const other of [DEMO_TENANTS.apollo, DEMO_TENANTS.small]) {
      expect(DEMO_ACCOUNTS.filter((account) => account.tenantId === other.id && account.isRootUser)).toHaveLength(1);
    }
    expect(new Set(DEMO_ACCOUNTS.map((account) => account.id)).size).toBe(DEMO_ACCOUNTS.length);
  });

  it('seeds tenant, users with password hashes and approved agreements, idempotently', async () => {
    await seedDemoAccounts(database.db);
    await database.db.updateTable('users').set({ first_name: 'Changed' }).where('id', '=', 'user-admin').execute();
    await seedDemoAccounts(database.db);

    const tenants = await database.db.selectFrom('tenants').selectAll().orderBy('id').execute();
    expect(tenants).toEqual(
      Object.values(DEMO_TENANTS)
        .sort((a, b) => a.id.localeCompare(b.id))
        .map((tenant) => expect.objectContaining(tenant)),
    );

    const users = await database.db.selectFrom('users').selectAll().orderBy('id').execute();
    expect(users.map((user) => user.email).sort()).toEqual(DEMO_ACCOUNTS.map((account) => account.email).sort());
    expect(users.find((user) => user.id === 'user-admin')).toMatchObject({
      first_name: 'Changed',
      is_root_user: true,
      roles: ['admin', 'goals-setter', 'email-scheduler', 'api-user', 'certificate-enabled'],
    });
    expect(users.find((user) => user.id === 'user-super')).toMatchObject({ is_super_user: true, is_root_user: false });
    for (const user of users) {
      await expect(verifyPassword(DEMO_PASSWORD, user.password_hash)).resolves.toBe(true);
    }

    const agreements = await database.db.selectFrom('agreements').selectAll().orderBy('user_id').execute();
    expect(agreements.map(({ user_id, version, approved }) => ({ user_id, version, approved }))).toEqual([
      { user_id: 'user-admin', version: '1.0', approved: true },
      { user_id: 'user-certificate', version: '1.0', approved: true },
      { user_id: 'user-corner-admin', version: '1.0', approved: true },
      { user_id: 'user-readonly', version: '1.0', approved: true },
      { user_id: 'user-scheduler', version: '1.0', approved: true },
      { user_id: 'user-sunrise-admin', version: '1.0', approved: true },
    ]);
  });

  it('are found for sign-in by e-mail in any letter case, and with tenant and agreement for tokens', async () => {
    await seedDemoAccounts(database.db);
    await expect(findSignInCandidate(database.db, ' READONLY@northwind.demo ')).resolves.toMatchObject({
      id: 'user-readonly',
    });
    await expect(findSignInCandidate(database.db, 'nobody@northwind.demo')).resolves.toBeNull();
    await expect(findIdpAccount(database.db, 'user-goals')).resolves.toMatchObject({
      email: 'goals@northwind.demo',
      tenantName: DEMO_TENANTS.main.name,
      agreement: null,
      roles: ['goals-setter', 'email-scheduler'],
    });
    await expect(findIdpAccount(database.db, 'user-missing')).resolves.toBeNull();
    await expect(findIdpAccount(database.db, 'user-sunrise-admin')).resolves.toMatchObject({
      email: 'admin@sunrise.demo',
      tenantName: DEMO_TENANTS.apollo.name,
    });
    await expect(findIdpAccount(database.db, 'user-corner-admin')).resolves.toMatchObject({
      email: 'owner@cornerprint.demo',
      tenantName: DEMO_TENANTS.small.name,
    });
  });
});
