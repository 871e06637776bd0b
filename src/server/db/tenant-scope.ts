import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** The database role API requests run under; row-level security filters it by `app.tenant_id` (migration 003). */
export const API_ROLE = 'portal_api';

/**
 * Runs `fn` in a transaction that sees only `tenantId`'s rows: `SET LOCAL ROLE portal_api` (owners and superusers
 * bypass row-level security, portal_api does not) and the transaction-local setting app.tenant_id. Both end with the
 * transaction, so a pooled connection never carries one request's tenant into the next.
 * A row of another tenant can neither be read nor written (the policies' WITH CHECK), even by a query without WHERE.
 * `readOnly`: a READ ONLY transaction (the report routes' reads, tenant-request.ts), which a hot standby also accepts.
 * `userId`: also the transaction-local app.user_id (the caller's own rows, migration 004; runAsCaller).
 * The role and the settings are one statement (`set_config('role', …, true)` is `SET LOCAL ROLE`): one round trip
 * before the work, not one per setting — every API call pays it (docs/benchmarks.md, session 24).
 */
export async function withTenant<T>(
  db: Kysely<Database>,
  tenantId: string,
  fn: (trx: Transaction<Database>) => Promise<T>,
  options: { readOnly?: boolean; userId?: string } = {},
): Promise<T> {
  if (tenantId === '') throw new Error('withTenant needs a tenant id');
  const { userId } = options;
  const user = userId === undefined ? sql`` : sql`, set_config('app.user_id', ${userId}, true)`;
  const transaction = db.transaction();
  return (options.readOnly === true ? transaction.setAccessMode('read only') : transaction).execute(async (trx) => {
    await sql`SELECT set_config('role', ${API_ROLE}, true), set_config('app.tenant_id', ${tenantId}, true)${user}`.execute(
      trx,
    );
    return fn(trx);
  });
}
