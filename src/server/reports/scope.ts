import { sql, type Kysely } from 'kysely';
import type {
  CurrentStateResponse,
  CustomerDataResponse,
  PortalPrinterStatus,
  ReportedPrintersStatusResponse,
  ReportSystem,
  ScopeCustomer,
  ScopeSite,
  ScopeSystem,
  SiteExtension,
} from '../../shared/api-types.ts';
import { SYSTEM_GROUPS, type SystemGroup } from '../../shared/system-group.ts';
import type { Database } from '../db/schema.ts';
import { STATUSES } from '../ingest/measures.ts';
import { scopedSystems, type UserScope } from '../users/current-user.ts';

/**
 * The scope hierarchy of spec shell §3 as queries: customer → site (customerId) → system. A selected customer covers its
 * sites and systems, a selected site its systems; an empty scope covers the whole tenant. Every query keeps its tenant
 * WHERE clause on top of row-level security.
 */

/** Current state: the latest status interval stands only if it ended at most this long before the system's last report. */
export const CURRENT_STATE_WINDOW_MS = 15 * 60_000;

function isUnrestricted(scope: UserScope): boolean {
  return scope.customerIds.length === 0 && scope.siteIds.length === 0 && scope.systemIds.length === 0;
}

function toIso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return new Date(value).toISOString();
}

/** The latest of some optional times, as ISO UTC; null when all are missing. */
function latestIso(...values: (Date | string | null | undefined)[]): string | null {
  const times = values.flatMap((value) => (value === null || value === undefined ? [] : [new Date(value).getTime()]));
  return times.length === 0 ? null : new Date(Math.max(...times)).toISOString();
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

/**
 * The systems of a group in scope with their model name, latest status interval (if any), latest job end and
 * last_reported_at, ordered by serial number.
 */
async function groupSystemsWithLatest(db: Kysely<Database>, scope: UserScope, group: SystemGroup) {
  return scopedSystems(db, scope)
    .where('systems.system_group', '=', group)
    .innerJoin('models', (join) =>
      join.onRef('models.tenant_id', '=', 'systems.tenant_id').onRef('models.id', '=', 'systems.model_id'),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('status_intervals')
          .whereRef('status_intervals.tenant_id', '=', 'systems.tenant_id')
          .whereRef('status_intervals.system_id', '=', 'systems.id')
          .select(['status_intervals.status', 'status_intervals.started_at', 'status_intervals.ended_at'])
          .orderBy('status_intervals.started_at', 'desc')
          .orderBy('status_intervals.ended_at', 'desc')
          .limit(1)
          .as('latest'),
      (join) => join.onTrue(),
    )
    .select([
      'systems.serial_number',
      'systems.nickname',
      'systems.last_reported_at',
      'models.name as model_name',
      'latest.status',
      'latest.started_at as status_started_at',
      'latest.ended_at as status_ended_at',
      systemJobsAggregate('max(jobs.ended_at)').as('last_job_end'),
    ])
    .orderBy('systems.serial_number')
    .execute();
}

/**
 * GET /api/reports/systems: printerStatus is the status of the latest status interval ('NotReporting' when the system
 * has none); lastUpdate is the later of systems.last_reported_at (what ingest recorded) and the latest job end (jobs may
 * be stored without ingest, as the demo seed does), null when there is neither.
 */
export async function reportSystems(
  db: Kysely<Database>,
  scope: UserScope,
  group: SystemGroup,
): Promise<ReportSystem[]> {
  const rows = await groupSystemsWithLatest(db, scope, group);
  return rows.map((row) => ({
    serialNumber: row.serial_number,
    systemNickName: row.nickname,
    systemModel: row.model_name,
    printerStatus: row.status ?? 'NotReporting',
    lastUpdate: latestIso(row.last_reported_at, row.last_job_end),
  }));
}

/**
 * GET /api/reports/current-state. Rule: a system's last report is the latest of systems.last_reported_at, its latest job
 * end and its latest status interval end. Its current status is the latest status interval's (since = that interval's
 * start) when that interval ended within CURRENT_STATE_WINDOW_MS (15 minutes) of the last report. Otherwise it is
 * NotReporting, since the end of its latest interval (null when it never sent a status).
 */
export async function currentState(
  db: Kysely<Database>,
  scope: UserScope,
  group: SystemGroup,
): Promise<CurrentStateResponse> {
  const rows = await groupSystemsWithLatest(db, scope, group);
  const counts = Object.fromEntries(STATUSES.map((status) => [status.name, 0])) as Record<PortalPrinterStatus, number>;
  const systems = rows.map((row) => {
    const latest = latestIso(row.last_reported_at, row.last_job_end, row.status_ended_at);
    const lastReport = latest === null ? null : Date.parse(latest);
    const intervalEnd = row.status_ended_at === null ? null : new Date(row.status_ended_at).getTime();
    const current =
      row.status !== null &&
      intervalEnd !== null &&
      lastReport !== null &&
      intervalEnd >= lastReport - CURRENT_STATE_WINDOW_MS
        ? { status: row.status, since: toIso(row.status_started_at) }
        : { status: 'NotReporting' as const, since: toIso(row.status_ended_at) };
    counts[current.status] += 1;
    return { serialNumber: row.serial_number, ...current };
  });
  return { systemGroup: group, systems, counts };
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
