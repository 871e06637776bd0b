/**
 * `npm run bench -- endpoints`: the filter and state endpoints on the demo fleet and on the 200-system, 1-year fleet,
 * on PGlite and (with BENCH_DATABASE_URL) on PostgreSQL; one markdown table per fleet and database.
 */
import { loadavg } from 'node:os';
import { createBenchApp } from './bench-app.ts';
import { describeFleet, openBenchFleet, type BenchFleet, type FleetSpec } from './bench-fleet.ts';
import {
  benchParameters,
  filterAndStateEndpoints,
  jobsEndpoints,
  jobsPeriods,
  latencyTable,
  measureEndpoint,
  overviewEndpoints,
  overviewPeriods,
  systemPageEndpoints,
  type BenchParameters,
  type EndpointCase,
} from './endpoint-latency.ts';

export type BenchTarget = { kind: 'pglite'; benchDir: string } | { kind: 'postgres'; serverUrl: string };

/** The databases to measure: PGlite, and PostgreSQL when BENCH_DATABASE_URL is set; `only` picks one of them. */
export function benchTargets(
  benchDir: string,
  only: 'pglite' | 'postgres' | 'all',
  env: NodeJS.ProcessEnv = process.env,
): BenchTarget[] {
  const serverUrl = env['BENCH_DATABASE_URL'] ?? '';
  if (only === 'postgres' && serverUrl === '') throw new Error('--database postgres needs BENCH_DATABASE_URL');
  const targets: BenchTarget[] = [
    { kind: 'pglite', benchDir },
    ...(serverUrl === '' ? [] : [{ kind: 'postgres' as const, serverUrl }]),
  ];
  return targets.filter((target) => only === 'all' || target.kind === only);
}

export function fleetHeading(fleet: BenchFleet): string {
  const { build } = fleet;
  const how = fleet.builtNow ? 'built in this run' : 'cached';
  return (
    `${describeFleet(fleet.spec)} on ${fleet.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${build.from} to ${build.to}, ` +
    `${build.records.toLocaleString('en-US')} records, built through ingest in ${Math.round(build.buildSeconds)} s (${how})`
  );
}

/** What a suite measures on one fleet: tables of endpoint cases, each with a heading. */
type EndpointSuite = (parameters: BenchParameters, day: string) => { title: string; cases: EndpointCase[] }[];

/** The filter and state endpoints (spec reports §3, §7), one table. */
export const FILTER_SUITE: EndpointSuite = ({ group, serialNumber }, day) => [
  { title: 'Filter and state endpoints', cases: filterAndStateEndpoints(group, serialNumber, day) },
];

/** The overview calls (spec reports §7), a table per period: the last complete day, its week, the 30 days up to it. */
export const OVERVIEW_SUITE: EndpointSuite = ({ group }, day) =>
  overviewPeriods(day).map((period) => ({
    title: `Overview calls, ${period.label} (\`${period.query}\`), all systems of the group`,
    cases: overviewEndpoints(group, period.query),
  }));

/** Every Jobs Analysis call and download check (spec reports §7), a table each for the week, quarter and year of the day. */
export const JOBS_SUITE: EndpointSuite = (parameters, day) =>
  jobsPeriods(day).map((period) => ({
    title: `Jobs Analysis calls, ${period.label} (\`${period.query}\`), all systems of the group`,
    cases: jobsEndpoints(parameters.group, period.query),
  }));

/**
 * The calls of a system's pages (spec reports §7: the system page's, the events file, machine config's settings) on
 * one system, a table for the last complete day and one for its week.
 */
export const SYSTEM_PAGE_SUITE: EndpointSuite = (parameters, day) =>
  [`day=${day}`, `week=${day}`].map((query) => ({
    title: `System page calls, \`${query}\`, system ${parameters.serialNumber}`,
    cases: systemPageEndpoints(parameters, query),
  }));

export async function benchEndpoints(
  fleets: readonly FleetSpec[],
  targets: readonly BenchTarget[],
  requests: number,
  suite: EndpointSuite = FILTER_SUITE,
) {
  const lines: string[] = [];
  for (const target of targets) {
    for (const spec of fleets) {
      const fleet = await openBenchFleet(spec, target);
      try {
        const { app, tenantId, authorization } = await createBenchApp(fleet.db, fleet.plan);
        try {
          const parameters = benchParameters(fleet.plan, tenantId);
          const { group } = parameters;
          const tenantSystems = fleet.plan.systems.filter((system) => system.tenantId === tenantId).length;
          const options = { app, db: fleet.db, capture: fleet.capture, authorization, requests };
          for (const table of suite(parameters, fleet.build.to)) {
            const loadBefore = loadavg()[0] ?? 0;
            const rows = [];
            for (const endpoint of table.cases) rows.push(await measureEndpoint(options, endpoint));
            lines.push(
              `### ${fleetHeading(fleet)}`,
              '',
              `${table.title}. User: unrestricted admin of tenant ${tenantId} (${tenantSystems} systems); group ${group}; ` +
                `${requests} requests per endpoint and side; 1-minute load average of the machine ${loadBefore.toFixed(1)} ` +
                `before, ${(loadavg()[0] ?? 0).toFixed(1)} after.`,
              '',
              ...latencyTable(rows),
              '',
            );
          }
        } finally {
          await app.close();
        }
      } finally {
        await fleet.close();
      }
    }
  }
  return lines;
}
