/**
 * p50/p95 of the filter and state endpoints (spec reports §3 and §7) through the real app with a signed token, side by
 * side with the raw SQL time of the same statements: the compiled queries one request ran (tenant role and setting
 * included) replayed in one transaction on the same connection pool. API / SQL is the API overhead ratio.
 */
import type { FastifyInstance } from 'fastify';
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';
import type { FleetPlan } from '../../src/server/simulator/fleet-plan.ts';
import { JOBS_CALL_NAMES, JOBS_REPORT_PREFIX } from '../../src/server/reports/jobs/jobs.routes.ts';
import { OVERVIEW_PATHS } from '../../src/server/reports/overview/overview.routes.ts';
import { SYSTEM_PAGE_CALL_NAMES, SYSTEM_PAGE_PREFIX } from '../../src/server/reports/system-page/system-page.routes.ts';
import { addDays } from '../../src/shared/time/local-time.ts';
import { SYSTEM_GROUPS, type SystemGroup } from '../../src/shared/system-group.ts';
import type { QueryCapture } from './bench-fleet.ts';
import { formatSummary, summarise, timeRuns, type LatencySummary } from './latency-stats.ts';

export interface EndpointCase {
  method: 'GET' | 'POST';
  url: string;
  /** JSON body of a POST (the overview calls send the selected systems). */
  payload?: unknown;
  /** Statuses that count as answered; absent: 200 only (a download answers 204 for a period without rows). */
  okStatuses?: readonly number[];
}

export interface EndpointLatency {
  endpoint: EndpointCase;
  /** The HTTP status it answered (the table names it when not 200). */
  status: number;
  statements: number;
  api: LatencySummary;
  sql: LatencySummary;
}

/** What the suites ask about: the group with most of the tenant's systems, its first serial number and that system's id. */
export interface BenchParameters {
  group: SystemGroup;
  serialNumber: string;
  /** The system's id (machine config's `GET /api/system-data/settings?systemId`). */
  systemId: string;
}

/** The group with most of the tenant's systems and the first serial number of that group. */
export function benchParameters(plan: FleetPlan, tenantId: string): BenchParameters {
  const systems = plan.systems.filter((system) => system.tenantId === tenantId);
  const sizes = SYSTEM_GROUPS.map((group) => ({ group, systems: systems.filter((s) => s.group === group) }));
  const largest = sizes.sort((a, b) => b.systems.length - a.systems.length)[0];
  const first = largest?.systems.toSorted((a, b) => a.serialNumber.localeCompare(b.serialNumber))[0];
  if (largest === undefined || first === undefined) throw new Error(`Tenant ${tenantId} has no systems`);
  return { group: largest.group, serialNumber: first.serialNumber, systemId: first.id };
}

/** Every filter and state endpoint with the parameters the client sends (the state calls carry the period too). */
export function filterAndStateEndpoints(group: SystemGroup, serialNumber: string, day: string): EndpointCase[] {
  const period = `day=${day}&systemGroup=${group}`;
  return [
    { method: 'GET', url: '/api/data/customers' },
    { method: 'GET', url: '/api/data/sites' },
    { method: 'GET', url: '/api/data/systems' },
    { method: 'GET', url: `/api/data/customer-data?serialNumber=${encodeURIComponent(serialNumber)}` },
    { method: 'GET', url: '/api/reports/date-filters' },
    { method: 'GET', url: `/api/reports/systems?${period}` },
    { method: 'GET', url: `/api/reports/current-state?${period}` },
    { method: 'GET', url: '/api/reports/site-extensions' },
    { method: 'GET', url: '/api/reports/reported-printers-status' },
    { method: 'POST', url: `/api/reports/getMaxKeepAlive?day=${day}&systemGroupType=${group}` },
  ];
}

/** The periods the overview benchmark asks for: the last complete day, its week and the 30 days up to it. */
export function overviewPeriods(day: string): { label: string; query: string }[] {
  return [
    { label: 'day', query: `day=${day}` },
    { label: 'week', query: `week=${day}` },
    { label: 'custom 30 days', query: `custom=${addDays(day, -29)}/${day}` },
  ];
}

/** Every overview call of spec reports §7 for one period, all systems of the group (the body's empty selection). */
export function overviewEndpoints(group: SystemGroup, periodQuery: string): EndpointCase[] {
  return OVERVIEW_PATHS.map((path) => ({
    method: 'POST' as const,
    url: `${path}?${periodQuery}&systemGroup=${group}`,
    payload: { systems: [] },
  }));
}

/** The periods the Jobs Analysis benchmark asks for: the week, the quarter and the year of the last complete day. */
export function jobsPeriods(day: string): { label: string; query: string }[] {
  return (['week', 'quarter', 'year'] as const).map((timeframe) => ({
    label: timeframe,
    query: `${timeframe}=${day}`,
  }));
}

/** The two download checks of Jobs Analysis (spec reports §7): 200 with the row count, 204 none, 205 above the limit. */
export const JOBS_CHECK_CALLS = ['check-ink-consumption-per-job-file', 'check-errors-and-maintenance-file'] as const;

/**
 * Every JSON call of Jobs Analysis (spec reports §7) for one period, all systems of the group, and the two download
 * checks. cycle-time-KPIs is the Apollo page's call, print-time-KPIs the others'; both are measured for any group.
 */
export function jobsEndpoints(group: SystemGroup, periodQuery: string): EndpointCase[] {
  const post = (name: string, okStatuses?: readonly number[]): EndpointCase => ({
    method: 'POST',
    url: `${JOBS_REPORT_PREFIX}/${name}?${periodQuery}&systemGroupType=${group}`,
    payload: { systems: [] },
    ...(okStatuses === undefined ? {} : { okStatuses }),
  });
  return [...JOBS_CALL_NAMES.map((name) => post(name)), ...JOBS_CHECK_CALLS.map((name) => post(name, [200, 204, 205]))];
}

/**
 * Every call of a system's pages (spec reports §7) for one system and period: the system page's JSON calls, software
 * versions, the errors-and-events XLSX (200, or 204 for a period without events) and machine config's settings.
 */
export function systemPageEndpoints(
  { group, serialNumber, systemId }: BenchParameters,
  periodQuery: string,
): EndpointCase[] {
  const system = `${periodQuery}&systemGroup=${group}&system=${encodeURIComponent(serialNumber)}`;
  return [
    ...[...SYSTEM_PAGE_CALL_NAMES, 'software-versions'].map((name) => ({
      method: 'GET' as const,
      url: `${SYSTEM_PAGE_PREFIX}/${name}?${system}`,
    })),
    { method: 'GET', url: `${SYSTEM_PAGE_PREFIX}/error-maintenance-file?${system}`, okStatuses: [200, 204] },
    { method: 'GET', url: `/api/system-data/settings?systemId=${encodeURIComponent(systemId)}&${periodQuery}` },
  ];
}

async function request(app: FastifyInstance, authorization: string, endpoint: EndpointCase): Promise<number> {
  const response = await app.inject({
    method: endpoint.method,
    url: endpoint.url,
    headers: { authorization },
    ...(endpoint.payload === undefined ? {} : { payload: endpoint.payload as Record<string, unknown> }),
  });
  if (!(endpoint.okStatuses ?? [200]).includes(response.statusCode)) {
    throw new Error(`${endpoint.method} ${endpoint.url} answered ${response.statusCode}: ${response.body}`);
  }
  return response.statusCode;
}

/** The statements on one connection; they hold the route's own begin and commit (Kysely logs those too). */
async function replay(db: Kysely<Database>, statements: readonly CompiledQuery[]): Promise<void> {
  await db.connection().execute(async (connection) => {
    for (const statement of statements) await connection.executeQuery(statement);
  });
}

export interface MeasureOptions {
  app: FastifyInstance;
  db: Kysely<Database>;
  capture: QueryCapture;
  authorization: string;
  /** Timed calls per endpoint and side, after WARM_UP untimed ones. */
  requests: number;
}

const WARM_UP = 3;

export async function measureEndpoint(options: MeasureOptions, endpoint: EndpointCase): Promise<EndpointLatency> {
  const call = () => request(options.app, options.authorization, endpoint);
  let status = 0;
  const statements = await options.capture.during(async () => {
    status = await call();
  });
  await timeRuns(WARM_UP, call);
  const api = await timeRuns(options.requests, call);
  await timeRuns(WARM_UP, () => replay(options.db, statements));
  const sqlTimes = await timeRuns(options.requests, () => replay(options.db, statements));
  return { endpoint, status, statements: statements.length, api: summarise(api), sql: summarise(sqlTimes) };
}

export function latencyTable(rows: readonly EndpointLatency[]): string[] {
  const label = (row: EndpointLatency) =>
    `\`${row.endpoint.method === 'GET' ? '' : `${row.endpoint.method} `}${row.endpoint.url}\`` +
    (row.status === 200 ? '' : ` (answers ${row.status})`);
  return [
    '| endpoint | statements | API p50 / p95 | SQL p50 / p95 | API / SQL (p50) |',
    '|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${label(row)} | ${row.statements} | ${formatSummary(row.api)} | ${formatSummary(row.sql)} | ` +
        `${(row.api.p50 / row.sql.p50).toFixed(2)} |`,
    ),
  ];
}
