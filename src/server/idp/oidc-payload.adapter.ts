import type { Kysely } from 'kysely';
import { errors, type Adapter, type AdapterFactory, type AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/schema.ts';

/** No stored key holds U+0000 (PostgreSQL text cannot), so a key with one names nothing: not found, not a failed query. */
const hasNul = (value: string) => value.includes('\u0000');

const containsNul = (value: unknown): boolean =>
  typeof value === 'string'
    ? hasNul(value)
    : typeof value === 'object' &&
      value !== null &&
      Object.entries(value).some(([key, item]) => hasNul(key) || containsNul(item));

/**
 * oidc-provider storage in the `oidc_payloads` table, one row per model kind and id, so sessions, grants and
 * refresh tokens survive restarts and are shared by every replica on PostgreSQL.
 */
class OidcPayloadAdapter implements Adapter {
  readonly #db: Kysely<Database>;
  readonly #kind: string;

  constructor(db: Kysely<Database>, kind: string) {
    this.#db = db;
    this.#kind = kind;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    // Request parameters (state, nonce, login_hint…) end up in payloads; jsonb cannot hold U+0000, so such a request
    // is the client's error (400 invalid_request), not a failed statement (500).
    if (hasNul(id) || containsNul(payload)) {
      throw new errors.InvalidRequest('request parameters must not contain the character U+0000');
    }
    const values = {
      kind: this.#kind,
      id,
      payload: JSON.stringify(payload),
      grant_id: payload.grantId ?? null,
      user_code: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expires_at: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.#db
      .insertInto('oidc_payloads')
      .values(values)
      // consumed_at is left as it is: once consumed, a token stays consumed.
      .onConflict((oc) =>
        oc.columns(['kind', 'id']).doUpdateSet({
          payload: values.payload,
          grant_id: values.grant_id,
          user_code: values.user_code,
          uid: values.uid,
          expires_at: values.expires_at,
        }),
      )
      .execute();
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere('id', id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere('uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    if (hasNul(id)) return;
    await this.#db
      .updateTable('oidc_payloads')
      .set({ consumed_at: new Date() })
      .where('kind', '=', this.#kind)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    if (hasNul(id)) return;
    await this.#db.deleteFrom('oidc_payloads').where('kind', '=', this.#kind).where('id', '=', id).execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    if (hasNul(grantId)) return;
    await this.#db.deleteFrom('oidc_payloads').where('kind', '=', this.#kind).where('grant_id', '=', grantId).execute();
  }

  async #findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
    if (hasNul(value)) return undefined;
    const row = await this.#db
      .selectFrom('oidc_payloads')
      .select(['payload', 'expires_at', 'consumed_at'])
      .where('kind', '=', this.#kind)
      .where(column, '=', value)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumed_at === null ? payload : { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) };
  }
}

/** Adapter factory for the provider's `adapter` option. */
export function createOidcPayloadAdapter(db: Kysely<Database>): AdapterFactory {
  return (kind) => new OidcPayloadAdapter(db, kind);
}

/** Deletes expired rows; the provider never reads them again (find ignores them), so this only reclaims space. */
export async function purgeExpiredOidcPayloads(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('oidc_payloads').where('expires_at', '<', new Date()).execute();
}
