import type { Kysely } from 'kysely';
import { claimKey, type ClaimName } from '../../shared/auth/claims.ts';
import type { Database } from '../db/schema.ts';

/** What the identity provider knows about a user when it issues a token; read fresh at every issuance. */
export interface IdpAccount {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: string[];
  isSuperUser: boolean;
  locale: string | null;
  picture: string | null;
  tenantId: string;
  tenantName: string;
  /** A super user acting in a chosen tenant: their own e-mail (spec shell §3 original_user_email); else null. */
  originalUserEmail: string | null;
  agreement: { version: string; approved: boolean } | null;
}

export async function findIdpAccount(db: Kysely<Database>, id: string): Promise<IdpAccount | null> {
  const row = await db
    .selectFrom('users')
    .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
    .leftJoin('agreements', 'agreements.user_id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.roles',
      'users.is_super_user',
      'users.locale',
      'users.profile_picture_url',
      'users.tenant_id',
      'tenants.name as tenant_name',
      'agreements.version as agreement_version',
      'agreements.approved as agreement_approved',
    ])
    .where('users.id', '=', id)
    .executeTakeFirst();
  if (row === undefined) return null;
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    roles: row.roles,
    isSuperUser: row.is_super_user,
    locale: row.locale,
    picture: row.profile_picture_url,
    tenantId: row.tenant_id,
    tenantName: row.tenant_name,
    originalUserEmail: null,
    agreement:
      row.agreement_version === null || row.agreement_approved === null
        ? null
        : { version: row.agreement_version, approved: row.agreement_approved },
  };
}

/** The user a sign-in form names, with the stored password hash to check. Shadow users cannot sign in. */
export async function findSignInCandidate(
  db: Kysely<Database>,
  email: string,
): Promise<{ id: string; passwordHash: string | null } | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .where('is_shadow_user', '=', false)
    .executeTakeFirst();
  return row === undefined ? null : { id: row.id, passwordHash: row.password_hash };
}

/** OpenID Connect standard claims of the account (scopes profile and email). */
export function standardClaims(account: IdpAccount): Record<string, unknown> {
  return {
    email: account.email,
    email_verified: true,
    name: `${account.firstName} ${account.lastName}`,
    given_name: account.firstName,
    family_name: account.lastName,
    ...(account.locale === null ? {} : { locale: account.locale }),
    ...(account.picture === null ? {} : { picture: account.picture }),
  };
}

/** The namespaced portal claims of spec shell §3 (read by src/shared/auth/claims.ts readPortalClaims). */
export function portalClaims(account: IdpAccount, namespace: string): Record<string, unknown> {
  const values: Partial<Record<ClaimName, unknown>> = {
    roles: account.roles,
    is_super_user: account.isSuperUser,
    agreement_version: account.agreement?.version,
    agreement_approved: account.agreement?.approved ?? false,
    locale: account.locale ?? undefined,
    given_name: account.firstName,
    family_name: account.lastName,
    picture: account.picture ?? undefined,
    tenant_id: account.tenantId,
    tenant_name: account.tenantName,
    original_user_email: account.originalUserEmail ?? undefined,
  };
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [claimKey(namespace, name as ClaimName), value]),
  );
}

/** Namespaced claim names per scope: user_metadata carries the profile, app_metadata what the portal decides with. */
export function portalClaimsByScope(namespace: string): { user_metadata: string[]; app_metadata: string[] } {
  const names = (list: readonly ClaimName[]): string[] => list.map((name) => claimKey(namespace, name));
  return {
    user_metadata: names(['locale', 'given_name', 'family_name', 'picture']),
    app_metadata: names([
      'roles',
      'is_super_user',
      'original_user_email',
      'agreement_version',
      'agreement_approved',
      'tenant_id',
      'tenant_name',
    ]),
  };
}
