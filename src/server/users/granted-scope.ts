import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import { scopedSystems, type UserScope } from './current-user.ts';

/** The customers, sites and systems an admin selects for a user (all empty: every system of the tenant). */
export interface GrantedScope {
  customerIds: readonly string[];
  siteIds: readonly string[];
  systemIds: readonly string[];
}

const isEverything = (scope: GrantedScope) =>
  scope.customerIds.length === 0 && scope.siteIds.length === 0 && scope.systemIds.length === 0;

function firstMissing(wanted: readonly string[], found: readonly string[]): string | undefined {
  const present = new Set(found);
  return wanted.find((id) => !present.has(id));
}

/**
 * Checks that `granted` names only the tenant's customers, sites and systems (404 for any other id, another tenant's
 * included: row-level security hides them) and stays within the admin's own scope (403), parent by parent: a customer
 * only if the admin has that customer, a site if the admin has it or its customer, a system if the admin sees it.
 * An admin with a restricted scope cannot grant everything.
 */
export async function checkGrantedScope(db: Kysely<Database>, admin: UserScope, granted: GrantedScope): Promise<void> {
  const { tenantId } = admin;
  const [customers, sites, systems] = await Promise.all([
    granted.customerIds.length === 0
      ? []
      : db
          .selectFrom('customers')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', granted.customerIds)
          .execute(),
    granted.siteIds.length === 0
      ? []
      : db
          .selectFrom('sites')
          .select(['id', 'customer_id'])
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', granted.siteIds)
          .execute(),
    granted.systemIds.length === 0
      ? []
      : db
          .selectFrom('systems')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', granted.systemIds)
          .execute(),
  ]);
  const unknown: [kind: string, id: string | undefined][] = [
    [
      'customer',
      firstMissing(
        granted.customerIds,
        customers.map((row) => row.id),
      ),
    ],
    [
      'site',
      firstMissing(
        granted.siteIds,
        sites.map((row) => row.id),
      ),
    ],
    [
      'system',
      firstMissing(
        granted.systemIds,
        systems.map((row) => row.id),
      ),
    ],
  ];
  // The id is not echoed, as for any id of another tenant: the answer is the same whether it exists elsewhere or not.
  const missing = unknown.find(([, id]) => id !== undefined);
  if (missing !== undefined) throw new HttpError(404, `A ${missing[0]} of the scope does not exist in this tenant`);

  if (isEverything(admin)) return;
  const beyond = (what: string) => new HttpError(403, `An admin cannot grant more than their own scope: ${what}`);
  if (isEverything(granted)) throw beyond('every system of the tenant');
  const customer = granted.customerIds.find((id) => !admin.customerIds.includes(id));
  if (customer !== undefined) throw beyond(`customer ${customer}`);
  const site = sites.find((row) => !admin.siteIds.includes(row.id) && !admin.customerIds.includes(row.customer_id));
  if (site !== undefined) throw beyond(`site ${site.id}`);
  if (granted.systemIds.length === 0) return;
  const visible = await scopedSystems(db, admin)
    .select('systems.id')
    .where('systems.id', 'in', granted.systemIds)
    .execute();
  const system = firstMissing(
    granted.systemIds,
    visible.map((row) => row.id),
  );
  if (system !== undefined) throw beyond(`system ${system}`);
}
