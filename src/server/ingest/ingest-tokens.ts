import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Prefix that makes a leaked ingest token recognisable (secret scanners, logs). */
const TOKEN_PREFIX = 'fpi_';

const sha256 = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Creates a new ingest token for `tenantId` and returns it; only its SHA-256 is stored, so this is the one chance
 * to hand it to the gateway. 256 random bits: a fast hash is enough, no password hashing needed.
 */
export async function createIngestToken(db: Kysely<Database>, tenantId: string): Promise<string> {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  await db
    .insertInto('ingest_tokens')
    .values({ token_hash: sha256(token), tenant_id: tenantId })
    .execute();
  return token;
}

/** Registers a given token for `tenantId` (configuration, PORTAL_INGEST_TOKENS); nothing changes when it is known. */
export async function registerIngestToken(db: Kysely<Database>, tenantId: string, token: string): Promise<void> {
  await db
    .insertInto('ingest_tokens')
    .values({ token_hash: sha256(token), tenant_id: tenantId })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** The tenant an ingest token belongs to, or null for an unknown token. */
export async function tenantOfIngestToken(db: Kysely<Database>, token: string): Promise<string | null> {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  const row = await db
    .selectFrom('ingest_tokens')
    .select('tenant_id')
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  return row?.tenant_id ?? null;
}
