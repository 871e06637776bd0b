import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBenchApp, largestTenant } from './bench-app.ts';
import { openBenchFleet, type BenchFleet, type FleetSpec } from './bench-fleet.ts';
import {
  benchParameters,
  filterAndStateEndpoints,
  jobsEndpoints,
  latencyTable,
  measureEndpoint,
  systemPageEndpoints,
} from './endpoint-latency.ts';
import { SYSTEM_PAGE_SUITE } from './endpoints-bench.ts';
import { benchEventLoopLag } from './event-loop-lag.ts';
import { percentile } from './latency-stats.ts';

const TINY: FleetSpec = { seed: 3, systems: 6, tenants: 3, days: 2 };

describe('percentile', () => {
  it('takes the nearest rank of the sorted samples', () => {
    const samples = [9, 1, 8, 2, 7, 3, 6, 4, 5, 10];
    expect(percentile(samples, 50)).toBe(5);
    expect(percentile(samples, 95)).toBe(10);
    expect(percentile(samples, 10)).toBe(1);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('endpoint benchmark on a tiny cached fleet', () => {
  let benchDir: string;
  let fleet: BenchFleet;

  beforeAll(async () => {
    benchDir = mkdtempSync(path.join(tmpdir(), 'fleet-bench-test-'));
    fleet = await openBenchFleet(TINY, { kind: 'pglite', benchDir });
  });

  afterAll(async () => {
    await fleet.close();
    rmSync(benchDir, { recursive: true, force: true });
  });

  it('builds the fleet through ingest once and reuses it on the next open', async () => {
    expect(fleet.builtNow).toBe(true);
    expect(fleet.build.records).toBeGreaterThan(0);
    const jobs = await fleet.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    expect(Number(jobs?.n)).toBeGreaterThan(0);
    await fleet.close();

    fleet = await openBenchFleet(TINY, { kind: 'pglite', benchDir });
    expect(fleet.builtNow).toBe(false);
    const again = await fleet.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    expect(again?.n).toBe(jobs?.n);
  });

  it('answers every endpoint for the bench user and captures the statements it ran under the tenant role', async () => {
    const { app, tenantId, authorization } = await createBenchApp(fleet.db, fleet.plan);
    try {
      expect(tenantId).toBe(largestTenant(fleet.plan));
      const { group, serialNumber } = benchParameters(fleet.plan, tenantId);
      const endpoints = filterAndStateEndpoints(group, serialNumber, fleet.build.to);
      expect(endpoints).toHaveLength(10);

      const statementsSeen: string[] = [];
      const capture = {
        during: async (work: () => Promise<unknown>) => {
          const statements = await fleet.capture.during(work);
          statementsSeen.push(...statements.map((statement) => statement.sql));
          return statements;
        },
      } as typeof fleet.capture;
      const rows = [];
      for (const endpoint of endpoints) {
        rows.push(await measureEndpoint({ app, db: fleet.db, capture, authorization, requests: 2 }, endpoint));
      }
      // The tenant scope: the role and the settings in one statement (withTenant).
      expect(statementsSeen.filter((text) => text.includes("set_config('role'"))).toHaveLength(10);
      for (const row of rows) {
        // begin, the tenant scope, the user row, at least one query of the route itself, commit.
        expect(row.statements).toBeGreaterThanOrEqual(5);
        expect(row.api.p50).toBeGreaterThan(0);
        expect(row.sql.p50).toBeGreaterThan(0);
      }
      const table = latencyTable(rows);
      expect(table).toHaveLength(12);
      expect(table[7]).toContain(`/api/reports/systems?day=${fleet.build.to}&systemGroup=${group}`);
    } finally {
      await app.close();
    }
  });

  it("times every call of a system's pages, the events file and machine config's settings, for the day and the week", async () => {
    const { app, tenantId, authorization } = await createBenchApp(fleet.db, fleet.plan);
    try {
      const parameters = benchParameters(fleet.plan, tenantId);
      const system = fleet.plan.systems.find((entry) => entry.serialNumber === parameters.serialNumber);
      expect(parameters.systemId).toBe(system?.id);
      const tables = SYSTEM_PAGE_SUITE(parameters, fleet.build.to);
      expect(tables.map((table) => table.title)).toEqual([
        `System page calls, \`day=${fleet.build.to}\`, system ${parameters.serialNumber}`,
        `System page calls, \`week=${fleet.build.to}\`, system ${parameters.serialNumber}`,
      ]);
      // Spec reports §7: the nine JSON calls, software versions, the events file and GET /api/system-data/settings.
      const paths = systemPageEndpoints(parameters, `day=${fleet.build.to}`).map(
        (endpoint) => endpoint.url.split('?')[0],
      );
      expect(paths).toEqual([
        ...[
          'system-timeline',
          'cards',
          'error-maintenance-messages',
          'ink-table',
          'qualiset',
          'impressions-cards',
          'availability-and-timeline',
          'achievement',
          'software-versions',
          'error-maintenance-file',
        ].map((name) => `/api/system-page-report/${name}`),
        '/api/system-data/settings',
      ]);
      for (const table of tables) {
        const rows = [];
        for (const endpoint of table.cases) {
          rows.push(
            await measureEndpoint({ app, db: fleet.db, capture: fleet.capture, authorization, requests: 1 }, endpoint),
          );
        }
        const file = rows.find((row) => row.endpoint.url.includes('error-maintenance-file'));
        expect([200, 204]).toContain(file?.status);
        expect(rows.filter((row) => row !== file).every((row) => row.status === 200)).toBe(true);
        const settings = latencyTable(rows).find((line) => line.includes('/api/system-data/settings'));
        expect(settings).toContain(
          `systemId=${parameters.systemId}&${table.cases[0]?.url.split('?')[1]?.split('&')[0]}`,
        );
      }
    } finally {
      await app.close();
    }
  });

  it('answers every Jobs Analysis call and download check of the suite, and names a check that did not answer 200', async () => {
    const { app, tenantId, authorization } = await createBenchApp(fleet.db, fleet.plan, {
      PORTAL_EXPORT_INK_JOBS: '1',
    });
    try {
      const { group } = benchParameters(fleet.plan, tenantId);
      const rows = [];
      for (const endpoint of jobsEndpoints(group, `week=${fleet.build.to}`)) {
        rows.push(
          await measureEndpoint({ app, db: fleet.db, capture: fleet.capture, authorization, requests: 1 }, endpoint),
        );
      }
      expect(rows.slice(0, -2).map((row) => row.status)).toEqual(Array(9).fill(200));
      // Two days of jobs are more than the ink download's limit of one job: 205, shown in the table.
      expect(rows.at(-2)?.status).toBe(205);
      expect(latencyTable(rows).find((line) => line.includes('check-ink-consumption-per-job-file'))).toContain(
        '(answers 205)',
      );
    } finally {
      await app.close();
    }
  });

  it('measures the event-loop lag over four phases, ingesting new days before the oldest one over HTTP', async () => {
    const jobsBefore = await fleet.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.min('jobs.started_at').as('first'))
      .executeTakeFirst();
    const lines = await benchEventLoopLag(fleet, { ingestDays: 1, clients: 1, batchSize: 500, durationMs: 300 });
    const rows = lines.filter((line) => /^\| (idle|reports|ingest)/.test(line));
    expect(rows.map((row) => row.split(' | ')[0])).toEqual([
      '| idle (machine baseline)',
      '| reports only, 1 users',
      '| ingest only',
      '| reports (1 users) + ingest together',
    ]);
    expect(rows[2]).toMatch(/\| [\d,]+ records in/);
    expect(rows[3]).toMatch(/\| [\d,]+ records in .* \| \d+ requests, p50/);
    const jobsAfter = await fleet.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.min('jobs.started_at').as('first'))
      .executeTakeFirst();
    expect(new Date(jobsAfter?.first ?? 0).getTime()).toBeLessThan(new Date(jobsBefore?.first ?? 0).getTime());

    // The build record counts both phases' days, so the next run ingests days older still.
    await fleet.close();
    fleet = await openBenchFleet(TINY, { kind: 'pglite', benchDir });
    expect(fleet.build.backfilledDays).toBe(2);
  });
});
