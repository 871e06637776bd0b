import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The single-use links of invitation and password-reset e-mails (issue #28; migration 022). The link carries 32 random
 * bytes; the database keeps only their SHA-256, so a copy of the table opens no account. Issuing a link supersedes the
 * user's earlier unused links (only the newest e-mail works); using one burns it and every other open link of the user.
 */
export type AccessPurpose = 'invitation' | 'password-reset';

const HOUR_MS = 3_600_000;

/**
 * How long a link works: an invitation 7 days (a colleague may be away for a week), a reset 1 hour (the user asked for
 * it just now; a short life limits what a mailbox read later can do).
 */
export const ACCESS_LINK_TTL_MS: Readonly<Record<AccessPurpose, number>> = {
  invitation: 7 * 24 * HOUR_MS,
  'password-reset': HOUR_MS,
};

/** Rows this long past their expiry are deleted when the user gets a new link (older ones no longer count for anything). */
const KEEP_EXPIRED_MS = 7 * 24 * HOUR_MS;

export const hashAccessToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Issues a link for `userId` of `tenantId` in the caller's tenant transaction: supersedes the user's open links and
 * returns the new token (to put in the e-mail; it is not stored).
 */
export async function issueAccessToken(
  trx: Kysely<Database>,
  link: { tenantId: string; userId: string; purpose: AccessPurpose; redirectUrl: string; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const { tenantId, userId, now } = link;
  await trx
    .deleteFrom('user_access_tokens')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('expires_at', '<', new Date(now.getTime() - KEEP_EXPIRED_MS))
    .execute();
  await trx
    .updateTable('user_access_tokens')
    .set({ revoked_at: now })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ACCESS_LINK_TTL_MS[link.purpose]);
  await trx
    .insertInto('user_access_tokens')
    .values({
      token_hash: hashAccessToken(token),
      tenant_id: tenantId,
      user_id: userId,
      purpose: link.purpose,
      redirect_url: link.redirectUrl,
      created_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

/** Withdraws a link whose e-mail could not be sent, so it neither works nor counts as a reset. */
export async function withdrawAccessToken(trx: Kysely<Database>, tenantId: string, token: string): Promise<void> {
  await trx
    .deleteFrom('user_access_tokens')
    .where('tenant_id', '=', tenantId)
    .where('token_hash', '=', hashAccessToken(token))
    .execute();
}

/** Password resets of the user issued since `since` (the captcha threshold counts them). */
export async function countResetsSince(
  trx: Kysely<Database>,
  tenantId: string,
  userId: string,
  since: Date,
): Promise<number> {
  const row = await trx
    .selectFrom('user_access_tokens')
    .select((eb) => eb.fn.countAll<string>().as('resets'))
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('purpose', '=', 'password-reset')
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.resets);
}

/** What the set-password page learns from a link's token. */
export type AccessLinkState =
  | { state: 'valid'; email: string; purpose: AccessPurpose; redirectUrl: string }
  | { state: 'unknown' | 'used' | 'superseded' | 'expired' };

/** Reads a link as the table owner (the set-password page knows no tenant): who it is for, or why it does not work. */
export async function readAccessLink(db: Kysely<Database>, token: string, now: Date): Promise<AccessLinkState> {
  const row = await db
    .selectFrom('user_access_tokens')
    .innerJoin('users', 'users.id', 'user_access_tokens.user_id')
    .select([
      'users.email',
      'user_access_tokens.purpose',
      'user_access_tokens.redirect_url',
      'user_access_tokens.expires_at',
      'user_access_tokens.used_at',
      'user_access_tokens.revoked_at',
    ])
    .where('user_access_tokens.token_hash', '=', hashAccessToken(token))
    .where('users.is_shadow_user', '=', false)
    .executeTakeFirst();
  if (row === undefined) return { state: 'unknown' };
  if (row.used_at !== null) return { state: 'used' };
  if (row.revoked_at !== null) return { state: 'superseded' };
  if (row.expires_at.getTime() <= now.getTime()) return { state: 'expired' };
  return { state: 'valid', email: row.email, purpose: row.purpose, redirectUrl: row.redirect_url };
}

/**
 * Uses a link: in one transaction, burns it (only if still open, so two submissions cannot both succeed), burns the
 * user's other open links and stores the new password hash. Returns where to send the user, or the link's state when
 * it no longer works.
 */
export async function redeemAccessLink(
  db: Kysely<Database>,
  token: string,
  passwordHash: string,
  now: Date,
): Promise<{ state: 'done'; redirectUrl: string } | Exclude<AccessLinkState, { state: 'valid' }>> {
  const tokenHash = hashAccessToken(token);
  const redeemed = await db.transaction().execute(async (trx) => {
    const burnt = await trx
      .updateTable('user_access_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['tenant_id', 'user_id', 'redirect_url'])
      .executeTakeFirst();
    if (burnt === undefined) return null;
    await trx
      .updateTable('user_access_tokens')
      .set({ revoked_at: now })
      .where('tenant_id', '=', burnt.tenant_id)
      .where('user_id', '=', burnt.user_id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('tenant_id', '=', burnt.tenant_id)
      .where('id', '=', burnt.user_id)
      .execute();
    return burnt.redirect_url;
  });
  if (redeemed !== null) return { state: 'done', redirectUrl: redeemed };
  const state = await readAccessLink(db, token, now);
  // Between the two reads another submission may have burnt it: a link that looks valid here was just used.
  return state.state === 'valid' ? { state: 'used' } : state;
}
