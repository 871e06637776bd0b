import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * A key the portal generates once and keeps in the database (`portal_secrets`, migration 019), so every replica signs
 * and verifies with the same one and a restart keeps links already sent valid. Two processes creating it at once agree:
 * the first insert wins, the other reads it.
 */
export async function portalSecret(db: Kysely<Database>, name: string): Promise<Buffer> {
  await db
    .insertInto('portal_secrets')
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('portal_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}
