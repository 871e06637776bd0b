import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { systemJobsAggregate } from './scope.ts';

/**
 * The per-system job aggregates of the filter and state calls must not read a system's whole history: with a year of
 * jobs the planner answers min/max of started_at and ended_at from an index (jobs_system_time, jobs_system_end).
 */

const JOBS_PER_SYSTEM = 20_000;
const SYSTEMS = ['sys-a', 'sys-b'];

let database: PortalDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  await db.insertInto('tenants').values({ id: 't1', name: 'Tenant' }).execute();
  await db.insertInto('customers').values({ tenant_id: 't1', id: 'c1', name: 'Customer' }).execute();
  await db.insertInto('sites').values({ tenant_id: 't1', id: 's1', customer_id: 'c1', name: 'Site' }).execute();
  await db.insertInto('models').values({ tenant_id: 't1', id: 'm1', name: 'Model', system_group: 'DTG' }).execute();
  await db
    .insertInto('systems')
    .values(
      SYSTEMS.map((id) => ({
        tenant_id: 't1',
        id,
        serial_number: id.toUpperCase(),
        customer_id: 'c1',
        site_id: 's1',
        model_id: 'm1',
        system_group: 'DTG' as const,
      })),
    )
    .execute();
  // A job every 25 minutes for about a year per system; the last one of sys-b ends latest.
  await sql`
    INSERT INTO jobs (tenant_id, system_id, id, started_at, ended_at, impressions)
    SELECT 't1', system_id, 'job-' || n, start, start + interval '20 minutes', 1
    FROM unnest(${SYSTEMS}::text[]) AS system_id,
      generate_series(1, ${JOBS_PER_SYSTEM}) AS n,
      LATERAL (SELECT timestamptz '2025-01-01 00:00Z' + n * interval '25 minutes'
        + CASE WHEN system_id = 'sys-b' THEN interval '1 minute' ELSE interval '0' END AS start) AS times`.execute(db);
});

afterAll(async () => {
  await database.close();
});

const query = () =>
  database.db
    .selectFrom('systems')
    .where('systems.tenant_id', '=', 't1')
    .select([
      'systems.id',
      systemJobsAggregate('min(jobs.started_at)').as('first_start'),
      systemJobsAggregate('max(jobs.started_at)').as('last_start'),
      systemJobsAggregate('max(jobs.ended_at)').as('last_end'),
    ])
    .orderBy('systems.id');

describe('systemJobsAggregate', () => {
  it("gives each system's first and last job start and its latest job end", async () => {
    const rows = await query().execute();
    const at = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
    // Job n starts n × 25 minutes after 2025-01-01 00:00 UTC (sys-b a minute later): the last of 20,000 on 2025-12-14 05:20.
    expect(rows.map((row) => [row.id, at(row.first_start), at(row.last_start), at(row.last_end)])).toEqual([
      ['sys-a', '2025-01-01T00:25:00.000Z', '2025-12-14T05:20:00.000Z', '2025-12-14T05:40:00.000Z'],
      ['sys-b', '2025-01-01T00:26:00.000Z', '2025-12-14T05:21:00.000Z', '2025-12-14T05:41:00.000Z'],
    ]);
  });

  it('reads them through indexes, never by scanning the jobs', async () => {
    const { sql: text, parameters } = query().compile();
    const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${sql.raw(text.replace('$1', "'t1'"))}`.execute(
      database.db,
    );
    expect(parameters).toEqual(['t1']);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).not.toMatch(/Seq Scan on jobs/);
    expect(plan).toMatch(/Index Only Scan (Backward )?using jobs_system_end on jobs/);
    expect(plan).toMatch(/Index Only Scan using jobs_system_time on jobs/);
  });
});
