import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestFleetDatabase } from '../testing/test-fleet-database.ts';
import { ingestTelemetry } from './ingest-telemetry.ts';
import { TEST_FLEET } from './ingest-test-fleet.ts';
import { MAX_STATUS_INTERVAL_HOURS } from './measures.ts';

const A = TEST_FLEET.a.tenantId;

const database = useTestFleetDatabase();

async function counts(): Promise<Record<string, number>> {
  const tables = [
    'jobs',
    'status_intervals',
    'events',
    'ink_loads',
    'software_versions',
    'machine_parameters',
    'qualiset_results',
  ];
  const result: Record<string, number> = {};
  for (const table of [...tables, 'ingest_records', 'system_hour', 'system_day', 'job_day']) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(database.db);
    result[table] = rows[0]?.n ?? -1;
  }
  return result;
}

async function rollupSnapshot(): Promise<unknown[]> {
  const { rows } = await sql`SELECT 'h' AS t, to_json(h)::text AS row FROM system_hour h
    UNION ALL SELECT 'd', to_json(d)::text FROM system_day d
    UNION ALL SELECT 'j', to_json(j)::text FROM job_day j ORDER BY 1, 2`.execute(database.db);
  return rows;
}

const batch = (prefix: string): unknown[] => [
  {
    kind: 'job',
    id: `${prefix}-job-1`,
    serial: 'A-100',
    startedAt: '2026-03-02T10:15:00Z',
    endedAt: '2026-03-02T10:20:00Z',
    impressions: 12,
    imageAreaCm2: 500,
    printMode: 2,
    mediaLengthMm: 1200,
    darkGarment: true,
    inkUl: { cyan: 1500, white: 9000 },
  },
  {
    kind: 'status',
    id: `${prefix}-status-1`,
    serial: 'A-100',
    status: 'Printing',
    startedAt: '2026-03-02T10:15:00Z',
    endedAt: '2026-03-02T11:30:00Z',
  },
  {
    kind: 'event',
    id: `${prefix}-event-1`,
    serial: 'A-100',
    type: 'error',
    code: 'E-42',
    message: 'Head too hot',
    startedAt: '2026-03-02T11:00:00Z',
    endedAt: '2026-03-02T11:05:00Z',
  },
  {
    kind: 'ink_load',
    id: `${prefix}-ink-1`,
    serial: 'A-200',
    loadedAt: '2026-03-02T04:30:00Z',
    colour: 'cyan',
    volumeUl: 1_000_000,
  },
  {
    kind: 'software_version',
    id: `${prefix}-sw-1`,
    serial: 'A-200',
    reportedAt: '2026-03-02T04:00:00Z',
    component: 'Firmware',
    version: '4.2.1',
  },
  {
    kind: 'parameter',
    id: `${prefix}-param-1`,
    serial: 'A-200',
    recordedAt: '2026-03-02T04:00:00Z',
    name: 'HeadTemperature',
    value: 41.5,
  },
  {
    kind: 'qualiset',
    id: `${prefix}-qualiset-1`,
    serial: 'A-200',
    measuredAt: '2026-03-02T04:45:00Z',
    testName: 'Nozzle check',
    passed: false,
    score: 74.5,
  },
];

describe('ingestTelemetry', () => {
  it('stores a valid batch with its rollups, and a retried batch changes nothing', async () => {
    const first = await ingestTelemetry(database.db, A, batch('retry'));
    expect(first).toEqual({ accepted: 7, updated: 0, duplicates: 0, rejected: [] });
    const afterFirst = await counts();
    const rollups = await rollupSnapshot();

    const hour = await database.db
      .selectFrom('system_hour')
      .selectAll()
      .where('system_id', '=', 'a-berlin-1')
      .where('hour_start', '=', new Date('2026-03-02T10:00:00Z'))
      .executeTakeFirstOrThrow();
    expect(hour).toMatchObject({ jobs: 1, impressions: '12', dark_impressions: '12', media_length_mm: '1200' });
    expect(hour).toMatchObject({
      printing_seconds: 45 * 60,
      print_seconds: 300,
      ink_cyan_ul: '1500',
      ink_white_ul: '9000',
    });
    const jobDay = await database.db
      .selectFrom('job_day')
      .select(['jobs_medium', 'jobs_mode_2', 'ink_medium_ul', sql<string>`local_day::text`.as('day')])
      .where('system_id', '=', 'a-berlin-1')
      .executeTakeFirstOrThrow();
    expect(jobDay).toEqual({ jobs_medium: 1, jobs_mode_2: 1, ink_medium_ul: '10500', day: '2026-03-02' });
    // 04:30 UTC is still 1 March in New York.
    const newarkDay = await sql<{
      day: string;
      bottles: number;
    }>`SELECT local_day::text AS day, bottles_loaded AS bottles
      FROM system_day WHERE system_id = 'a-newark-1'`.execute(database.db);
    expect(newarkDay.rows).toEqual([{ day: '2026-03-01', bottles: 1 }]);
    const system = await database.db
      .selectFrom('systems')
      .select(['ever_reported', 'last_reported_at'])
      .where('id', '=', 'a-berlin-1')
      .executeTakeFirstOrThrow();
    expect(system).toEqual({ ever_reported: true, last_reported_at: new Date('2026-03-02T11:30:00Z') });

    const qualiset = await database.db
      .selectFrom('qualiset_results')
      .select(['system_id', 'measured_at', 'test_name', 'passed', 'score'])
      .where('id', '=', 'retry-qualiset-1')
      .executeTakeFirstOrThrow();
    expect(qualiset).toEqual({
      system_id: 'a-newark-1',
      measured_at: new Date('2026-03-02T04:45:00Z'),
      test_name: 'Nozzle check',
      passed: false,
      score: 74.5,
    });

    const retry = await ingestTelemetry(database.db, A, batch('retry'));
    expect(retry).toEqual({ accepted: 0, updated: 0, duplicates: 7, rejected: [] });
    expect(await counts()).toEqual(afterFirst);
    expect(await rollupSnapshot()).toEqual(rollups);
  });

  it('stores every field as sent: JSON values of each type, a range edge sent as null apart from one left out, quoted text', async () => {
    const reportedBefore = await database.db
      .selectFrom('systems')
      .select(['id', 'last_reported_at'])
      .where('tenant_id', '=', A)
      .execute();
    const parameter = (id: string, value: unknown, range: Record<string, unknown>) => ({
      kind: 'parameter',
      id,
      serial: 'A-200',
      recordedAt: '2026-03-03T08:00:00Z',
      name: 'InkMode',
      value,
      ...range,
    });
    const result = await ingestTelemetry(database.db, A, [
      parameter('fields-param-1', 41.5, { min: null }),
      parameter('fields-param-2', 'say "eco"', { min: 'low', max: 'high' }),
      parameter('fields-param-3', true, { max: 7.5 }),
      { ...(batch('fields')[0] as object), imageName: `Ünïcode 'quotes' "and" \\ back` },
      { ...(batch('fields')[1] as object), serial: 'A-200', status: 'NotReporting' },
    ]);
    expect(result).toEqual({ accepted: 5, updated: 0, duplicates: 0, rejected: [] });

    const { rows } = await sql<{ id: string; value: unknown; min: unknown; min_sql: boolean; max: unknown }>`
      SELECT id, value, min_value AS min, min_value IS NULL AS min_sql, max_value AS max,
        jsonb_typeof(min_value) AS min_type, max_value IS NULL AS max_sql
      FROM machine_parameters WHERE id LIKE 'fields-%' ORDER BY id`.execute(database.db);
    expect(rows).toEqual([
      // min sent as null is the JSON null; max left out is SQL NULL.
      {
        id: 'fields-param-1',
        value: 41.5,
        min: null,
        min_sql: false,
        min_type: 'null',
        max: null,
        max_sql: true,
      },
      {
        id: 'fields-param-2',
        value: 'say "eco"',
        min: 'low',
        min_sql: false,
        min_type: 'string',
        max: 'high',
        max_sql: false,
      },
      { id: 'fields-param-3', value: true, min: null, min_sql: true, min_type: null, max: 7.5, max_sql: false },
    ]);
    const job = await database.db
      .selectFrom('jobs')
      .select(['image_name', 'print_mode', 'dark_garment', 'ink_white_ul', 'started_at'])
      .where('id', '=', 'fields-job-1')
      .executeTakeFirstOrThrow();
    expect(job).toEqual({
      image_name: `Ünïcode 'quotes' "and" \\ back`,
      print_mode: 2,
      dark_garment: true,
      ink_white_ul: 9000,
      started_at: new Date('2026-03-02T10:15:00Z'),
    });

    // Both printers of the batch in one update: A-100 reported until its job's end; A-200's only report since is a
    // Not Reporting interval and a parameter at 08:00, which moves it no further back than it was.
    const reportedAfter = await database.db
      .selectFrom('systems')
      .select(['id', 'last_reported_at', 'ever_reported'])
      .where('tenant_id', '=', A)
      .orderBy('id')
      .execute();
    const latest = (id: string, at: string) => {
      const before = reportedBefore.find((row) => row.id === id)?.last_reported_at?.getTime() ?? 0;
      return new Date(Math.max(before, Date.parse(at)));
    };
    expect(reportedAfter).toEqual([
      { id: 'a-berlin-1', ever_reported: true, last_reported_at: latest('a-berlin-1', '2026-03-02T10:20:00Z') },
      { id: 'a-newark-1', ever_reported: true, last_reported_at: latest('a-newark-1', '2026-03-03T08:00:00Z') },
    ]);
  });

  it('stores exactly the valid records of a mixed batch and lists the invalid ones with index and reason', async () => {
    const before = await counts();
    const valid = batch('mixed');
    const records: unknown[] = [
      valid[0],
      { ...(valid[1] as object), status: 'Sleeping' },
      valid[2],
      { ...(valid[0] as object), id: 'mixed-job-2', endedAt: '2026-03-02T10:00:00Z' },
      'not a record',
      { ...(valid[3] as object), id: 'mixed-ink-2', serial: 'B-100' },
      { ...(valid[4] as object), id: 'mixed-sw-2', extra: true },
      valid[5],
      valid[0],
      { ...(valid[0] as object), id: 'mixed-job-3', startedAt: '2026-02-30T10:00:00Z' },
      { ...(valid[2] as object), id: 'mixed-event-2', message: 'nul \u0000 inside' },
      { ...(valid[0] as object), id: 'mixed-job-4', startedAt: '2026-03-02T24:00:00Z' },
      { ...(valid[6] as object), id: 'mixed-qualiset-2', score: 120 },
    ];
    const result = await ingestTelemetry(database.db, A, records);
    expect(result.accepted).toBe(3);
    expect(result.duplicates).toBe(1);
    expect(result.rejected.map((entry) => entry.index)).toEqual([1, 3, 4, 5, 6, 9, 10, 11, 12]);
    expect(result.rejected[0]?.reason).toMatch(/status/);
    expect(result.rejected[1]?.reason).toBe('/endedAt is before /startedAt');
    expect(result.rejected[3]?.reason).toBe('/serial B-100 is not a system of this tenant');
    expect(result.rejected[4]?.reason).toMatch(/additional properties.*extra/);
    expect(result.rejected[5]?.reason).toBe('/startedAt is not a real date-time from 1970 on');
    expect(result.rejected[6]?.reason).toBe('record contains the character U+0000');
    expect(result.rejected[7]?.reason).toBe('/startedAt is not a real date-time from 1970 on');
    expect(result.rejected[8]?.reason).toMatch(/^\/score must be <= 100/);

    const after = await counts();
    expect(after['jobs']).toBe((before['jobs'] ?? 0) + 1);
    expect(after['events']).toBe((before['events'] ?? 0) + 1);
    expect(after['machine_parameters']).toBe((before['machine_parameters'] ?? 0) + 1);
    expect(after['status_intervals']).toBe(before['status_intervals']);
    expect(after['ink_loads']).toBe(before['ink_loads']);
    expect(after['software_versions']).toBe(before['software_versions']);
    expect(after['qualiset_results']).toBe(before['qualiset_results']);
  });

  it("rejects every record naming another tenant's serial and stores nothing for it", async () => {
    const records = batch('foreign').map((record) => ({ ...(record as object), serial: 'B-100' }));
    const result = await ingestTelemetry(database.db, A, records);
    expect(result.accepted).toBe(0);
    expect(result.rejected).toHaveLength(records.length);
    const rows = await database.db
      .selectFrom('jobs')
      .select('id')
      .where('tenant_id', '=', TEST_FLEET.b.tenantId)
      .execute();
    expect(rows).toEqual([]);
  });

  it(`accepts status intervals up to ${MAX_STATUS_INTERVAL_HOURS} hours and rejects longer ones with index and reason`, async () => {
    const status = (id: string, startedAt: string, endedAt: string) => ({
      kind: 'status',
      id,
      serial: 'A-200',
      status: 'NotReporting',
      startedAt,
      endedAt,
    });
    const result = await ingestTelemetry(database.db, A, [
      status('cap-ok', '2026-04-01T00:00:00Z', '2026-04-03T00:00:00Z'),
      status('cap-long', '2026-04-03T00:00:00Z', '2026-04-05T00:00:01Z'),
      // The same 48 hours written with an offset: exactly at the limit, accepted.
      status('cap-offset', '2026-04-05T02:00:00+02:00', '2026-04-07T00:00:00Z'),
      status('cap-week', '2026-04-07T00:00:00Z', '2026-04-14T00:00:00Z'),
    ]);
    expect(result.accepted).toBe(2);
    expect(result.rejected).toEqual([
      { index: 1, reason: '/endedAt is more than 48 hours after /startedAt (send a longer status interval in parts)' },
      { index: 3, reason: '/endedAt is more than 48 hours after /startedAt (send a longer status interval in parts)' },
    ]);
    const { rows } = await sql<{ seconds: number }>`SELECT sum(not_reporting_seconds)::float8 AS seconds FROM system_day
      WHERE tenant_id = ${A} AND system_id = 'a-newark-1' AND local_day BETWEEN '2026-03-31' AND '2026-04-07'`.execute(
      database.db,
    );
    expect(rows[0]?.seconds).toBe(4 * 24 * 3600);

    // The database enforces the same limit for writers that bypass ingest (migration 005).
    await expect(
      sql`INSERT INTO status_intervals (tenant_id, system_id, id, status, started_at, ended_at)
        VALUES (${A}, 'a-newark-1', 'cap-direct', 'Idle', '2026-05-01T00:00:00Z', '2026-05-03T00:00:01Z')`.execute(
        database.db,
      ),
    ).rejects.toThrow(/status_intervals_max_length/);
  });

  describe('timestamps ahead of the server clock', () => {
    const NOW = new Date('2026-04-20T12:00:00Z');
    const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000).toISOString();
    const status = (id: string, startedAt: string, endedAt: string) => ({
      kind: 'status',
      id,
      serial: 'A-200',
      status: 'Printing',
      startedAt,
      endedAt,
    });
    const lastReported = async () => {
      const row = await database.db
        .selectFrom('systems')
        .select('last_reported_at')
        .where('serial_number', '=', 'A-200')
        .executeTakeFirstOrThrow();
      return row.last_reported_at === null ? null : new Date(row.last_reported_at).toISOString();
    };

    it('rejects a record beyond the tolerance (default 5 minutes) with index and reason; it pins nothing', async () => {
      const result = await ingestTelemetry(
        database.db,
        A,
        [
          // Ends exactly 5 minutes ahead: a gateway clock a little fast is still accepted.
          status('future-ok', at(-600), at(300)),
          { kind: 'job', id: 'future-job', serial: 'A-200', startedAt: at(0), endedAt: at(301), impressions: 3 },
          status('future-9999', '9999-12-31T00:00:00Z', '9999-12-31T01:00:00Z'),
          {
            kind: 'ink_load',
            id: 'future-ink',
            serial: 'A-200',
            loadedAt: '2099-01-01T00:00:00Z',
            colour: 'cyan',
            volumeUl: 5,
          },
          {
            kind: 'software_version',
            id: 'future-sw',
            serial: 'A-200',
            reportedAt: at(240),
            component: 'Firmware',
            version: '9',
          },
        ],
        { now: NOW },
      );
      expect(result).toEqual({
        accepted: 2,
        updated: 0,
        duplicates: 0,
        rejected: [
          { index: 1, reason: '/endedAt is in the future: more than 300 s after the server clock' },
          { index: 2, reason: '/startedAt is in the future: more than 300 s after the server clock' },
          { index: 3, reason: '/loadedAt is in the future: more than 300 s after the server clock' },
        ],
      });
      // The printer's last update is the latest accepted time, not the year 9999.
      expect(await lastReported()).toBe(at(300));
      const stored = await database.db
        .selectFrom('status_intervals')
        .select('id')
        .where('id', 'in', ['future-ok', 'future-9999'])
        .execute();
      expect(stored.map((row) => row.id)).toEqual(['future-ok']);
    });

    it('takes the configured tolerance: 0 accepts the server clock itself and nothing after it', async () => {
      const later = new Date(NOW.getTime() + 3_600_000);
      const result = await ingestTelemetry(
        database.db,
        A,
        [
          status('tolerance-0-ok', '2026-04-20T12:30:00Z', later.toISOString()),
          status('tolerance-0-late', '2026-04-20T12:30:00Z', new Date(later.getTime() + 1).toISOString()),
        ],
        { now: later, futureToleranceMs: 0 },
      );
      expect(result.accepted).toBe(1);
      expect(result.rejected).toEqual([
        { index: 1, reason: '/endedAt is in the future: more than 0 s after the server clock' },
      ]);
    });

    it('measures against the real clock by default', async () => {
      const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
      const result = await ingestTelemetry(database.db, A, [status('real-clock', '2026-04-20T14:00:00Z', inAnHour)]);
      expect(result.rejected).toEqual([
        { index: 0, reason: '/endedAt is in the future: more than 300 s after the server clock' },
      ]);
    });
  });

  it('keeps the measure lists of ingest/measures.ts equal to the rollup tables of the migration', async () => {
    const { ROLLUP_COLUMNS, JOB_DAY_COLUMNS } = await import('./measures.ts');
    const columnsOf = async (table: string) => {
      const { rows } = await sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = ${table} ORDER BY ordinal_position`.execute(database.db);
      return rows.map((row) => row.name);
    };
    expect(await columnsOf('system_hour')).toEqual(['tenant_id', 'system_id', 'hour_start', ...ROLLUP_COLUMNS]);
    expect(await columnsOf('system_day')).toEqual(['tenant_id', 'system_id', 'local_day', ...ROLLUP_COLUMNS]);
    expect(await columnsOf('job_day')).toEqual(['tenant_id', 'system_id', 'local_day', ...JOB_DAY_COLUMNS]);
  });
});
