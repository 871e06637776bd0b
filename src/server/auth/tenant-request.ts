import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { PortalClaims } from '../../shared/auth/claims.ts';
import type { Database } from '../db/schema.ts';
import { LSN_PATTERN, primaryLsn, type ReadReplica } from '../db/read-replica.ts';
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
    /** The scope's in a {@link readOnlyScope} (unless the route's config says otherwise); 'write' elsewhere. */
    databaseAccess: DatabaseAccess;
    /** The primary's WAL position after this request's write, sent back as READ_AFTER_COOKIE (with a replica). */
    readAfterLsn: string | null;
  }
  interface FastifyContextConfig {
    /** A route inside a {@link readOnlyScope} that writes says 'write'. */
    databaseAccess?: DatabaseAccess;
  }
}

/**
 * 'read': a READ ONLY transaction, on the replica when there is one; 'fresh-read': READ ONLY on the primary (what must
 * show a write the moment it commits, like the Live Dashboard refetching on a push); 'write': on the primary.
 */
export type DatabaseAccess = 'read' | 'fresh-read' | 'write';

/**
 * Read-your-writes with a replica: after a request wrote, its client gets the primary's WAL position in this cookie
 * and sends it back with its next calls; a read then waits for the replica to replay that far or goes to the primary.
 */
export const READ_AFTER_COOKIE = 'fp_read_after';
/** Longer than any replica lag that still lets reads go to it (read-replica.ts MAX_LAG_MS). */
const READ_AFTER_MAX_AGE_S = 60;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The WAL position the request's client last wrote at, when it sent a well-formed one. */
export function readAfterLsn(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value = ''] = part.trim().split('=');
    if (name === READ_AFTER_COOKIE && LSN_PATTERN.test(value)) return value;
  }
  return null;
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
  options: { readOnly?: boolean } = {},
): Promise<T> {
  return withTenant(db, caller.tenantId, work, { ...options, userId: caller.sub });
}

/**
 * Gives every request on `scope` `request.tenantDb(work)`. Call it right after registerAuthentication in the same
 * encapsulated scope, and register the user-facing routes there without passing them the owner's `db`: then a route
 * added later cannot reach the database except through the tenant's transaction.
 * Requests of a {@link readOnlyScope} run in READ ONLY transactions, on `replica` when there is one and it is usable
 * (read-replica.ts) and has replayed the client's last write; every other request runs on the primary `db`.
 * `onWrite` hears the tenant of every write request (POST, PUT, PATCH, DELETE) whose transaction committed.
 */
export function registerTenantScope(
  scope: FastifyInstance,
  db: Kysely<Database>,
  options: { replica?: ReadReplica | null; onWrite?: (tenantId: string) => void } = {},
) {
  const replica = options.replica ?? null;
  async function readTarget(request: FastifyRequest): Promise<Kysely<Database>> {
    if (replica === null || !replica.usable()) return db;
    const after = readAfterLsn(request.headers.cookie);
    return after === null || (await replica.caughtUpTo(after)) ? replica.db : db;
  }
  async function tenantDb<T>(this: FastifyRequest, work: TenantWork<T>): Promise<T> {
    if (this.databaseAccess === 'read') {
      return runAsCaller(await readTarget(this), this.portalUser, work, { readOnly: true });
    }
    if (this.databaseAccess === 'fresh-read') return runAsCaller(db, this.portalUser, work, { readOnly: true });
    const result = await runAsCaller(db, this.portalUser, work);
    if (!WRITE_METHODS.has(this.method)) return result;
    options.onWrite?.(this.portalUser.tenantId);
    if (replica !== null) this.readAfterLsn = await primaryLsn(db);
    return result;
  }
  scope.decorateRequest('tenantDb', tenantDb);
  scope.decorateRequest('databaseAccess', 'write');
  scope.decorateRequest('readAfterLsn', null);
  if (replica === null) return;
  scope.addHook('onSend', async (request, reply, payload) => {
    if (request.readAfterLsn !== null) {
      reply.header(
        'set-cookie',
        `${READ_AFTER_COOKIE}=${request.readAfterLsn}; Path=/api; Max-Age=${READ_AFTER_MAX_AGE_S}; HttpOnly; Secure; SameSite=Strict`,
      );
    }
    return payload;
  });
}

/**
 * Marks the routes registered in `scope` (a child of the tenant scope) as reads: their `request.tenantDb` runs in a
 * READ ONLY transaction — on the replica when there is one, or on the primary with `access` 'fresh-read'. A route there
 * that writes sets `config.databaseAccess` to 'write'. Reports are reads; a report route that wrote would fail, on
 * PGlite as on PostgreSQL.
 */
export function readOnlyScope(scope: FastifyInstance, access: Exclude<DatabaseAccess, 'write'> = 'read'): void {
  scope.addHook('onRequest', async (request) => {
    request.databaseAccess = request.routeOptions.config.databaseAccess ?? access;
  });
}
