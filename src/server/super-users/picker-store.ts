import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { TenantOption } from '../../shared/contract/super-users.contract.ts';
import { TENANT_SEARCH_LIMIT } from '../../shared/contract/super-users.contract.ts';
import type { Database } from '../db/schema.ts';

/**
 * The super-user tenant picker's records (migration 023): the sessionTokens the identity provider hands the picker page,
 * the tenants super users choose (the audit, and what their tokens carry), and the tenant search.
 */

/** How long the picker page may use its sessionToken: a sign-in step, not a session. */
export const PICKER_TOKEN_TTL_MS = 10 * 60_000;

/** The sign-in a sessionToken belongs to. */
export interface PickerSignIn {
  userId: string;
  /** The provider interaction the picker resumes (the page's `state`). */
  interactionUid: string;
  sessionUid: string;
  /** The provider session's login time, epoch seconds. */
  loginTs: number;
}

/** A valid (unexpired, unspent) sessionToken: its sign-in and the user as they are now. */
export interface PickerGrant extends PickerSignIn {
  tokenHash: string;
  email: string;
  isSuperUser: boolean;
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Issues a sessionToken for `signIn`; only its hash is stored. Expired tokens are purged on the way. */
export async function issuePickerToken(db: Kysely<Database>, signIn: PickerSignIn, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.deleteFrom('super_user_picker_tokens').where('expires_at', '<=', now).execute();
  await db
    .insertInto('super_user_picker_tokens')
    .values({
      token_hash: hashOf(token),
      user_id: signIn.userId,
      interaction_uid: signIn.interactionUid,
      session_uid: signIn.sessionUid,
      login_ts: signIn.loginTs,
      expires_at: new Date(now.getTime() + PICKER_TOKEN_TTL_MS),
    })
    .execute();
  return token;
}

/** The sign-in of an unexpired, unspent sessionToken, or null. */
export async function findPickerGrant(db: Kysely<Database>, token: string, now: Date): Promise<PickerGrant | null> {
  const row = await db
    .selectFrom('super_user_picker_tokens as token')
    .innerJoin('users', 'users.id', 'token.user_id')
    .select([
      'token.token_hash',
      'token.user_id',
      'token.interaction_uid',
      'token.session_uid',
      'token.login_ts',
      'users.email',
      'users.is_super_user',
    ])
    .where('token.token_hash', '=', hashOf(token))
    .where('token.used_at', 'is', null)
    .where('token.expires_at', '>', now)
    .executeTakeFirst();
  if (row === undefined) return null;
  return {
    tokenHash: row.token_hash,
    userId: row.user_id,
    interactionUid: row.interaction_uid,
    sessionUid: row.session_uid,
    loginTs: Number(row.login_ts),
    email: row.email,
    isSuperUser: row.is_super_user,
  };
}

/**
 * Spends the grant's token and records the choice, in one transaction. False when the token was spent (or expired)
 * meanwhile: a concurrent second use loses.
 */
export async function recordTenantChoice(
  db: Kysely<Database>,
  grant: PickerGrant,
  tenantId: string,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable('super_user_picker_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', grant.tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (spent.numUpdatedRows === 0n) return false;
    await trx
      .insertInto('super_user_tenant_choices')
      .values({
        user_id: grant.userId,
        user_email: grant.email,
        tenant_id: tenantId,
        interaction_uid: grant.interactionUid,
        session_uid: grant.sessionUid,
        login_ts: grant.loginTs,
        chosen_at: now,
      })
      .execute();
    return true;
  });
}

/** A pattern for LIKE that matches `text` literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Tenants whose name contains `pattern` in any letter case, sorted by name case-insensitively (spec shell §4). */
export async function searchTenants(db: Kysely<Database>, pattern: string): Promise<TenantOption[]> {
  return db
    .selectFrom('tenants')
    .select(['id', 'name'])
    .where('name', 'ilike', `%${likeLiteral(pattern)}%`)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(TENANT_SEARCH_LIMIT)
    .execute();
}

export async function findTenant(db: Kysely<Database>, tenantId: string): Promise<TenantOption | null> {
  const row = await db.selectFrom('tenants').select(['id', 'name']).where('id', '=', tenantId).executeTakeFirst();
  return row ?? null;
}

/** The tenant chosen in the sign-in step `interactionUid`, or null before the choice. */
export async function choiceOfInteraction(db: Kysely<Database>, interactionUid: string): Promise<string | null> {
  const row = await db
    .selectFrom('super_user_tenant_choices')
    .select('tenant_id')
    .where('interaction_uid', '=', interactionUid)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.tenant_id ?? null;
}

/** Whether a tenant was chosen for this login of the provider session (a new login asks again). */
export async function hasChoiceForLogin(db: Kysely<Database>, sessionUid: string, loginTs: number): Promise<boolean> {
  const row = await db
    .selectFrom('super_user_tenant_choices')
    .select('id')
    .where('session_uid', '=', sessionUid)
    .where('login_ts', '=', String(loginTs))
    .executeTakeFirst();
  return row !== undefined;
}

/** The tenant the provider session's latest choice names: what its tokens carry. */
export async function chosenTenantOfSession(db: Kysely<Database>, sessionUid: string): Promise<TenantOption | null> {
  const row = await db
    .selectFrom('super_user_tenant_choices as choice')
    .innerJoin('tenants', 'tenants.id', 'choice.tenant_id')
    .select(['tenants.id', 'tenants.name'])
    .where('choice.session_uid', '=', sessionUid)
    .orderBy('choice.id', 'desc')
    .executeTakeFirst();
  return row ?? null;
}
