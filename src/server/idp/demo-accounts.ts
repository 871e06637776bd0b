import type { Kysely } from 'kysely';
import { ROLE, type Role } from '../../shared/auth/roles.ts';
import type { Database } from '../db/schema.ts';
import { DEMO_TENANTS } from '../fixtures/demo-tenants.ts';
import { hashPassword } from './password.ts';

/** The one password of every demo account; printed at start, because these accounts exist only for demonstration. */
export const DEMO_PASSWORD = 'fleet-demo';

/** Agreement version the approved demo accounts have accepted. */
export const DEMO_AGREEMENT_VERSION = '1.0';

/**
 * A sign-in account of the embedded identity provider: one per role of spec shell §6 in the main tenant, and an admin
 * of each other demo tenant (the Apollo tenant with the Live Dashboard, the small shop).
 */
export interface DemoAccount {
  /** Stable user id: the token `sub`. */
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  tenantId: string;
  roles: readonly Role[];
  isSuperUser: boolean;
  isRootUser: boolean;
  /** The agreement row seeded for the account; null seeds none (the terms modal shows for non-super users). */
  agreement: { version: string; approved: true } | null;
}

const approved = { version: DEMO_AGREEMENT_VERSION, approved: true } as const;
const tenantId = DEMO_TENANTS.main.id;
const tenantRows = Object.values(DEMO_TENANTS).map(({ id, name }) => ({ id, name }));

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    id: 'user-admin',
    email: 'admin@northwind.demo',
    firstName: 'Avery',
    lastName: 'Admin',
    tenantId,
    roles: [ROLE.Admin, ROLE.GoalsSetter, ROLE.Scheduler, ROLE.ManageApi, ROLE.Certificate],
    isSuperUser: false,
    isRootUser: true,
    agreement: approved,
  },
  {
    id: 'user-goals',
    email: 'goals@northwind.demo',
    firstName: 'Gale',
    lastName: 'Goals',
    tenantId,
    roles: [ROLE.GoalsSetter, ROLE.Scheduler],
    isSuperUser: false,
    isRootUser: false,
    // Not approved: the end-to-end terms-modal flow signs in with this account.
    agreement: null,
  },
  {
    id: 'user-scheduler',
    email: 'scheduler@northwind.demo',
    firstName: 'Sam',
    lastName: 'Scheduler',
    tenantId,
    roles: [ROLE.Scheduler],
    isSuperUser: false,
    isRootUser: false,
    agreement: approved,
  },
  {
    id: 'user-certificate',
    email: 'certificate@northwind.demo',
    firstName: 'Cece',
    lastName: 'Certificate',
    tenantId,
    roles: [ROLE.Certificate, ROLE.ManageApi, ROLE.Scheduler],
    isSuperUser: false,
    isRootUser: false,
    agreement: approved,
  },
  {
    id: 'user-readonly',
    email: 'readonly@northwind.demo',
    firstName: 'Reed',
    lastName: 'Readonly',
    tenantId,
    roles: [ROLE.ReadOnly],
    isSuperUser: false,
    isRootUser: false,
    agreement: approved,
  },
  {
    id: 'user-super',
    email: 'super@fleet-portal.demo',
    firstName: 'Sol',
    lastName: 'Super',
    tenantId,
    roles: [ROLE.Admin, ROLE.Scheduler],
    isSuperUser: true,
    isRootUser: false,
    // Super users skip the agreement prompts, so none is recorded.
    agreement: null,
  },
  {
    id: 'user-sunrise-admin',
    email: 'admin@sunrise.demo',
    firstName: 'Suri',
    lastName: 'Sunrise',
    tenantId: DEMO_TENANTS.apollo.id,
    roles: [ROLE.Admin, ROLE.GoalsSetter, ROLE.Scheduler],
    isSuperUser: false,
    isRootUser: true,
    agreement: approved,
  },
  {
    id: 'user-corner-admin',
    email: 'owner@cornerprint.demo',
    firstName: 'Cory',
    lastName: 'Corner',
    tenantId: DEMO_TENANTS.small.id,
    roles: [ROLE.Admin, ROLE.Scheduler],
    isSuperUser: false,
    isRootUser: true,
    agreement: approved,
  },
];

/**
 * Inserts the demo tenants, the demo accounts and their agreements. Idempotent: existing rows are left as they are,
 * so an agreement recorded later or a changed account survives a restart.
 */
export async function seedDemoAccounts(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('tenants')
    .values(tenantRows)
    .onConflict((oc) => oc.doNothing())
    .execute();

  const existing = await db
    .selectFrom('users')
    .select('id')
    .where(
      'id',
      'in',
      DEMO_ACCOUNTS.map((account) => account.id),
    )
    .execute();
  const existingIds = new Set(existing.map((row) => row.id));
  const missing = DEMO_ACCOUNTS.filter((account) => !existingIds.has(account.id));
  if (missing.length === 0) return;

  // One hash per account: equal passwords must not share a salt.
  const rows = await Promise.all(
    missing.map(async (account) => ({
      id: account.id,
      tenant_id: account.tenantId,
      email: account.email,
      first_name: account.firstName,
      last_name: account.lastName,
      roles: [...account.roles],
      is_super_user: account.isSuperUser,
      is_root_user: account.isRootUser,
      locale: 'en-US',
      password_hash: await hashPassword(DEMO_PASSWORD),
    })),
  );
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
    const agreements = missing.flatMap((account) =>
      account.agreement === null
        ? []
        : [{ user_id: account.id, version: account.agreement.version, approved: account.agreement.approved }],
    );
    if (agreements.length > 0) {
      await trx
        .insertInto('agreements')
        .values(agreements)
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  });
}
