import type { Kysely, Selectable } from 'kysely';
import type { PortalClaims } from '../../shared/auth/claims.ts';
import type { Database, UsersTable } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';

/**
 * Which systems a user may see (spec shell §3 "Scope hierarchy"): a system is in scope when its customer, its site or the
 * system itself is selected; nothing selected means every system of the tenant.
 */
export interface UserScope {
  tenantId: string;
  customerIds: string[];
  siteIds: string[];
  systemIds: string[];
}

export interface CurrentUser {
  row: Selectable<UsersTable>;
  scope: UserScope;
  /** The language the server words texts in for this user: their saved `portalLanguage` (en-US when none). */
  language: string;
}

/**
 * The users row of the token's subject and the scope it grants in the token's tenant. Data always comes from the token's
 * tenant; only a super user may act in a tenant other than the one of their own account (the tenant picker), and sees all
 * of its systems. Unknown users and tenant mismatches get 403.
 */
export async function loadCurrentUser(
  db: Kysely<Database>,
  claims: Pick<PortalClaims, 'sub' | 'tenantId' | 'isSuperUser'>,
): Promise<CurrentUser> {
  const found = await db
    .selectFrom('users')
    .leftJoin('user_settings', 'user_settings.user_id', 'users.id')
    .selectAll('users')
    .select('user_settings.portal_language')
    .where('users.id', '=', claims.sub)
    .executeTakeFirst();
  if (found === undefined) throw new HttpError(403, 'This account is not registered in the portal');
  const { portal_language: language, ...row } = found;
  if (row.tenant_id !== claims.tenantId && !claims.isSuperUser) {
    throw new HttpError(403, 'The token names a tenant this account does not belong to');
  }
  const restricted = !claims.isSuperUser && row.tenant_id === claims.tenantId;
  return {
    row,
    language: language ?? 'en-US',
    scope: {
      tenantId: claims.tenantId,
      customerIds: restricted ? row.customer_ids : [],
      siteIds: restricted ? row.site_ids : [],
      systemIds: restricted ? row.system_ids : [],
    },
  };
}

/** The systems of the scope's tenant that the scope covers, as a query to select from or to use as a subquery. */
export function scopedSystems(db: Kysely<Database>, scope: UserScope) {
  return db
    .selectFrom('systems')
    .where('systems.tenant_id', '=', scope.tenantId)
    .where((eb) => {
      const selections = [
        scope.customerIds.length > 0 ? eb('systems.customer_id', 'in', scope.customerIds) : null,
        scope.siteIds.length > 0 ? eb('systems.site_id', 'in', scope.siteIds) : null,
        scope.systemIds.length > 0 ? eb('systems.id', 'in', scope.systemIds) : null,
      ].filter((selection) => selection !== null);
      return selections.length === 0 ? eb.lit(true) : eb.or(selections);
    });
}
