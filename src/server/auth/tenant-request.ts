import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { PortalClaims } from '../../shared/auth/claims.ts';
import type { Database } from '../db/schema.ts';
import { withTenant } from '../db/tenant-scope.ts';

/** Database work of one request: it gets a transaction that row-level security confines to the caller's tenant. */
export type TenantWork<T> = (trx: Transaction<Database>) => Promise<T>;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Runs `work` in one transaction as the database role portal_api with `app.tenant_id` set to the token's tenant
     * (and `app.user_id` to its subject), so row-level security hides every other tenant's rows even from a query
     * that forgets its tenant WHERE clause. Set on every route registered inside {@link registerTenantScope}'s scope;
     * it is the only database handle those routes get.
     */
    tenantDb<T>(work: TenantWork<T>): Promise<T>;
  }
}

/**
 * Runs `work` under `withTenant` for the caller's tenant and names the caller in `app.user_id`, which lets them see
 * their own users row (and through it their settings and agreement) while acting in another tenant (super users;
 * migration 004). Exported for tests and for work outside a request; routes use `request.tenantDb`.
 */
export function runAsCaller<T>(
  db: Kysely<Database>,
  caller: Pick<PortalClaims, 'sub' | 'tenantId'>,
  work: TenantWork<T>,
): Promise<T> {
  return withTenant(db, caller.tenantId, async (trx) => {
    await sql`SELECT set_config('app.user_id', ${caller.sub}, true)`.execute(trx);
    return work(trx);
  });
}

/**
 * Gives every request on `scope` `request.tenantDb(work)`. Call it right after registerAuthentication in the same
 * encapsulated scope, and register the user-facing routes there without passing them the owner's `db`: then a route
 * added later cannot reach the database except through the tenant's transaction.
 */
export function registerTenantScope(scope: FastifyInstance, db: Kysely<Database>): void {
  function tenantDb<T>(this: FastifyRequest, work: TenantWork<T>): Promise<T> {
    return runAsCaller(db, this.portalUser, work);
  }
  scope.decorateRequest('tenantDb', tenantDb);
}
