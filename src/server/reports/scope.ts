import { sql, type Kysely } from 'kysely';
import type {
  CustomerDataResponse,
  ReportedPrintersStatusResponse,
  ScopeCustomer,
  ScopeSite,
  ScopeSystem,
  SiteExtension,
} from '../../shared/api-types.ts';
import { SYSTEM_GROUPS } from '../../shared/system-group.ts';
import type { Database } from '../db/schema.ts';
import { scopedSystems, type UserScope } from '../users/current-user.ts';

/**
 * The scope hierarchy of spec shell §3 as queries: customer → site (customerId) → system. A selected customer covers its
 * sites and systems, a selected site its systems; an empty scope covers the whole tenant. Every query keeps its tenant
 * WHERE clause on top of row-level security.
 */

function isUnrestricted(scope: UserScope): boolean {
  return scope.customerIds.length === 0 && scope.siteIds.length === 0 && scope.systemIds.length === 0;
}

/**
 * Sites the scope covers: those of a selected customer, the selected sites, and the sites of systems in scope (so a user
 * scoped to single systems still sees where they stand).
 */
export function scopedSites(db: Kysely<Database>, scope: UserScope) {
  return db
    .selectFrom('sites')
    .where('sites.tenant_id', '=', scope.tenantId)
    .where((eb) => {
      if (isUnrestricted(scope)) return eb.lit(true);
      const selections = [
        scope.customerIds.length > 0 ? eb('sites.customer_id', 'in', scope.customerIds) : null,
        scope.siteIds.length > 0 ? eb('sites.id', 'in', scope.siteIds) : null,
        eb('sites.id', 'in', scopedSystems(db, scope).select('systems.site_id')),
      ].filter((selection) => selection !== null);
      return eb.or(selections);
    });
}

/** GET /api/data/customers: the selected customers and the customers of every site and system in scope. */
export async function listScopeCustomers(db: Kysely<Database>, scope: UserScope): Promise<ScopeCustomer[]> {
  const rows = await db
    .selectFrom('customers')
    .where('customers.tenant_id', '=', scope.tenantId)
    .where((eb) => {
      if (isUnrestricted(scope)) return eb.lit(true);
      const selections = [
        scope.customerIds.length > 0 ? eb('customers.id', 'in', scope.customerIds) : null,
        eb('customers.id', 'in', scopedSites(db, scope).select('sites.customer_id')),
        eb('customers.id', 'in', scopedSystems(db, scope).select('systems.customer_id')),
      ].filter((selection) => selection !== null);
      return eb.or(selections);
    })
    .select(['customers.id', 'customers.name', 'customers.imported_customer_id'])
    .orderBy('customers.name')
    .orderBy('customers.id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, importedCustomerId: row.imported_customer_id }));
}

/** GET /api/data/sites */
export async function listScopeSites(db: Kysely<Database>, scope: UserScope): Promise<ScopeSite[]> {
  const rows = await scopedSites(db, scope)
    .select(['sites.id', 'sites.name', 'sites.customer_id', 'sites.time_zone'])
    .orderBy('sites.name')
    .orderBy('sites.id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, customerId: row.customer_id, timeZone: row.time_zone }));
}

/** GET /api/data/systems, ordered by serial number. */
export async function listScopeSystems(db: Kysely<Database>, scope: UserScope): Promise<ScopeSystem[]> {
  const rows = await scopedSystems(db, scope)
    .select([
      'systems.id',
      'systems.serial_number',
      'systems.customer_id',
      'systems.site_id',
      'systems.model_id',
      'systems.system_group',
      'systems.nickname',
      'systems.ever_reported',
    ])
    .orderBy('systems.serial_number')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    serialNumber: row.serial_number,
    customerId: row.customer_id,
    siteId: row.site_id,
    modelId: row.model_id,
    systemGroup: row.system_group,
    systemNickName: row.nickname,
    isEverReported: row.ever_reported,
  }));
}

/**
 * GET /api/data/customer-data: the customer owning the system with this serial number, or undefined when no system in
 * scope has it (a serial outside the scope and one that does not exist are answered alike).
 */
export async function customerOfSystem(
  db: Kysely<Database>,
  scope: UserScope,
  serialNumber: string,
): Promise<CustomerDataResponse | undefined> {
  const row = await scopedSystems(db, scope)
    .innerJoin('customers', (join) =>
      join.onRef('customers.tenant_id', '=', 'systems.tenant_id').onRef('customers.id', '=', 'systems.customer_id'),
    )
    .where('systems.serial_number', '=', serialNumber)
    .select(['customers.id', 'customers.name', 'customers.imported_customer_id'])
    .executeTakeFirst();
  return row === undefined ? undefined : { name: row.name, id: row.id, importedCustomerId: row.imported_customer_id };
}

/** The per-system aggregates over jobs that the filter and state calls need. */
type SystemJobsAggregate = 'min(jobs.started_at)' | 'max(jobs.started_at)' | 'max(jobs.ended_at)';

/**
 * One aggregate over the jobs of the outer query's `systems` row, as a scalar subquery. The min/max of an indexed column
 * under the (tenant_id, system_id) equality is one index probe (jobs_system_time, jobs_system_end of migration 007),
 * however long the history, where an aggregate grouped over the jobs of many systems reads all of them.
 */
export function systemJobsAggregate(aggregate: SystemJobsAggregate) {
  return sql<
    Date | string | null
  >`(SELECT ${sql.raw(aggregate)} FROM jobs WHERE jobs.tenant_id = systems.tenant_id AND jobs.system_id = systems.id)`;
}

/** GET /api/reports/site-extensions: every site in scope with the groups of its systems in scope (DTG, DTF, Apollo order). */
export async function siteExtensions(db: Kysely<Database>, scope: UserScope): Promise<SiteExtension[]> {
  const sites = await scopedSites(db, scope)
    .select(['sites.id', 'sites.name', 'sites.time_zone'])
    .orderBy('sites.name')
    .orderBy('sites.id')
    .execute();
  const groups = await scopedSystems(db, scope)
    .select(['systems.site_id', 'systems.system_group'])
    .distinct()
    .execute();
  return sites.map((site) => ({
    siteId: site.id,
    name: site.name,
    timeZone: site.time_zone,
    systemGroups: SYSTEM_GROUPS.filter((group) =>
      groups.some((row) => row.site_id === site.id && row.system_group === group),
    ),
  }));
}

/**
 * GET /api/reports/reported-printers-status: per group with systems in scope (DTG, DTF, Apollo order), how many of them
 * ever reported and how many there are.
 */
export async function reportedPrintersStatus(
  db: Kysely<Database>,
  scope: UserScope,
): Promise<ReportedPrintersStatusResponse> {
  const rows = await scopedSystems(db, scope)
    .groupBy('systems.system_group')
    .select((eb) => [
      'systems.system_group',
      eb.fn.countAll<string | number>().as('total'),
      sql<string | number>`count(*) FILTER (WHERE systems.ever_reported)`.as('reported'),
    ])
    .execute();
  return {
    reportedSystems: SYSTEM_GROUPS.flatMap((group) => {
      const row = rows.find((candidate) => candidate.system_group === group);
      return row === undefined
        ? []
        : [{ systemGroup: group, reportedSystemsData: { reported: Number(row.reported), total: Number(row.total) } }];
    }),
  };
}
