import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestFleetDatabase } from '../testing/test-fleet-database.ts';
import * as recordIdentity from '../db/migrations/018-record-identity.migration.ts';
import { ingestNoticesOf, type IngestNotice } from '../live/ingest-notices.ts';
import { ingestTelemetry } from './ingest-telemetry.ts';
import { TEST_FLEET } from './ingest-test-fleet.ts';

/**
 * A record's identity is (tenant, printer, kind, id), and a record whose identity is stored does what README "Sending
 * telemetry" says: the same content is a duplicate, an event's end (or type, code, message) updates it, a calendar
 * record's change updates it, any other change is rejected with its reason. Every count of the answer is exact.
 */

const A = TEST_FLEET.a.tenantId;
const NOW = { now: new Date('2026-06-01T00:00:00Z') };
const database = useTestFleetDatabase();

const ingest = (records: unknown[]) => ingestTelemetry(database.db, A, records, NOW);
const counts = (accepted: number, updated: number, duplicates: number, rejected: unknown[] = []) => ({
  accepted,
  updated,
  duplicates,
  rejected,
});

const job = (id: string, serial = 'A-100', extra: Record<string, unknown> = {}) => ({
  kind: 'job',
  id,
  serial,
  startedAt: '2026-05-04T08:00:00Z',
  endedAt: '2026-05-04T08:03:00Z',
  impressions: 5,
  ...extra,
});
const event = (id: string, extra: Record<string, unknown> = {}) => ({
  kind: 'event',
  id,
  serial: 'A-100',
  type: 'error',
  code: 'E-7',
  message: 'Head too hot',
  startedAt: '2026-05-04T10:00:00Z',
  ...extra,
});

async function storedEvent(id: string) {
  return database.db
    .selectFrom('events')
    .where('tenant_id', '=', A)
    .where('id', '=', id)
    .select(['kind', 'code', 'message', 'started_at', 'ended_at', 'duration_seconds'])
    .executeTakeFirstOrThrow();
}

describe('record identity', () => {
  it('stores the same id on two printers and on two kinds as separate records', async () => {
    const result = await ingest([job('shared-1'), job('shared-1', 'A-200'), event('shared-1'), job('shared-1')]);
    expect(result).toEqual(counts(3, 0, 1));
    const jobs = await database.db.selectFrom('jobs').where('id', '=', 'shared-1').select('system_id').execute();
    expect(jobs.map((row) => row.system_id).sort()).toEqual(['a-berlin-1', 'a-newark-1']);
    expect((await storedEvent('shared-1')).code).toBe('E-7');
  });
});

describe('an event sent when it starts and again when it ends', () => {
  it('is updated by its end, a moved end and a changed text; a late start or a changed start is not', async () => {
    const notices: IngestNotice[] = [];
    const listener = (notice: IngestNotice) => notices.push(notice);
    ingestNoticesOf(database.db).on('committed', listener);

    expect(await ingest([event('ev-1')])).toEqual(counts(1, 0, 0));
    expect(await ingest([event('ev-1', { endedAt: null })])).toEqual(counts(0, 0, 1));
    expect(await storedEvent('ev-1')).toMatchObject({ ended_at: null, duration_seconds: null });

    expect(await ingest([event('ev-1', { endedAt: '2026-05-04T10:05:00Z' })])).toEqual(counts(0, 1, 0));
    expect(await storedEvent('ev-1')).toMatchObject({
      ended_at: new Date('2026-05-04T10:05:00Z'),
      duration_seconds: 300,
    });
    // The update shows the printer reporting (its end) and reaches open dashboards.
    const system = await database.db
      .selectFrom('systems')
      .where('id', '=', 'a-berlin-1')
      .select('last_reported_at')
      .executeTakeFirstOrThrow();
    expect(system.last_reported_at).toEqual(new Date('2026-05-04T10:05:00Z'));
    expect(notices.at(-1)).toEqual({ tenantId: A, systemIds: ['a-berlin-1'] });

    // The same end written with an offset is the same content; the start retried late changes nothing.
    const retries = [event('ev-1', { endedAt: '2026-05-04T12:05:00+02:00' }), event('ev-1')];
    expect(await ingest(retries)).toEqual(counts(0, 0, 2));
    expect((await storedEvent('ev-1')).ended_at).toEqual(new Date('2026-05-04T10:05:00Z'));

    // A corrected end and a changed text update it; a start record with another text cannot undo an end.
    expect(await ingest([event('ev-1', { endedAt: '2026-05-04T10:07:30Z' })])).toEqual(counts(0, 1, 0));
    const texts = [
      event('ev-1', { endedAt: '2026-05-04T10:07:30Z', type: 'maintenance', code: 'M-1', message: 'Cleaning' }),
      event('ev-1', { message: 'Head too hot!' }),
      event('ev-1', { startedAt: '2026-05-04T09:59:00Z', endedAt: '2026-05-04T10:07:30Z' }),
    ];
    expect(await ingest(texts)).toEqual(
      counts(0, 1, 0, [
        {
          index: 1,
          reason:
            'id ev-1 already stored with other content (type, code, message, endedAt differ): the event has ended, a record without endedAt cannot change it',
        },
        // Records fold in batch order: the type, code and message were changed by the first.
        { index: 2, reason: 'id ev-1 already stored with other content (type, code, message, startedAt differ)' },
      ]),
    );
    expect(await storedEvent('ev-1')).toMatchObject({
      kind: 'maintenance',
      code: 'M-1',
      message: 'Cleaning',
      started_at: new Date('2026-05-04T10:00:00Z'),
      duration_seconds: 450,
    });
    ingestNoticesOf(database.db).off('committed', listener);
  });

  it('opens and ends a new event in one batch, counting each record', async () => {
    const batch = [event('ev-2'), event('ev-2'), event('ev-2', { endedAt: '2026-05-04T10:01:00Z' })];
    expect(await ingest(batch)).toEqual(counts(1, 1, 1));
    expect((await storedEvent('ev-2')).duration_seconds).toBe(60);
    expect(await ingest(batch)).toEqual(counts(0, 0, 3));
  });
});

describe('other kinds under a stored identity', () => {
  it('take the same content in another spelling as a duplicate and reject other content, naming the fields', async () => {
    const full = job('job-1', 'A-100', { imageAreaCm2: 0, inkUl: { cyan: 40 } });
    expect(await ingest([full])).toEqual(counts(1, 0, 0));
    const records = [
      // Defaults written out or left out, the instant with an offset: the same stored content.
      job('job-1', 'A-100', { startedAt: '2026-05-04T10:00:00+02:00', inkUl: { cyan: 40, black: 0 } }),
      job('job-1', 'A-100', { impressions: 6, inkUl: { cyan: 40 } }),
      job('job-1', 'A-100', { inkUl: { cyan: 41 }, rejected: true }),
      {
        kind: 'status',
        id: 'job-1',
        serial: 'A-100',
        status: 'Printing',
        startedAt: '2026-05-04T08:00:00Z',
        endedAt: '2026-05-04T08:03:00Z',
      },
    ];
    expect(await ingest(records)).toEqual(
      counts(1, 0, 1, [
        { index: 1, reason: 'id job-1 already stored with other content (impressions differ)' },
        { index: 2, reason: 'id job-1 already stored with other content (rejected, inkUl.cyan differ)' },
      ]),
    );
    const stored = await database.db
      .selectFrom('jobs')
      .where('id', '=', 'job-1')
      .select(['impressions', 'ink_cyan_ul', 'rejected'])
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ impressions: 5, ink_cyan_ul: 40, rejected: false });

    const parameter = (value: unknown, min?: unknown) => ({
      kind: 'parameter',
      id: 'param-1',
      serial: 'A-200',
      recordedAt: '2026-05-04T08:00:00Z',
      name: 'HeadTemperature',
      value,
      ...(min === undefined ? {} : { min }),
    });
    expect(await ingest([parameter(41.5, 30)])).toEqual(counts(1, 0, 0));
    expect(await ingest([parameter(41.5, 30), parameter(41.5), parameter('41.5', 30)])).toEqual(
      counts(0, 0, 1, [
        { index: 1, reason: 'id param-1 already stored with other content (min differ)' },
        { index: 2, reason: 'id param-1 already stored with other content (value differ)' },
      ]),
    );
  });

  it('updates a shift calendar record sent again with other content, through the calendar rules', async () => {
    const shift = (name: string) => ({
      kind: 'shift',
      id: 'shift-rec-1',
      serial: 'A-100',
      shiftId: 'berlin-early',
      name,
      startsAt: '06:00',
      endsAt: '14:00',
      weekdays: [1, 2, 3, 4, 5],
      validFrom: '2026-05-01',
    });
    expect(await ingest([shift('Early')])).toEqual(counts(1, 0, 0));
    expect(await ingest([shift('Early'), shift('Morning')])).toEqual(counts(0, 1, 1));
    expect(await ingest([shift('Morning')])).toEqual(counts(0, 0, 1));
    const stored = await database.db
      .selectFrom('shifts')
      .where('id', '=', 'berlin-early')
      .select('name')
      .executeTakeFirstOrThrow();
    expect(stored.name).toBe('Morning');
  });
});

describe('atomicity', () => {
  it('stores none of a batch, its updates included, when any statement of it fails', async () => {
    expect(await ingest([event('ev-atomic')])).toEqual(counts(1, 0, 0));
    // A job row the database refuses (an ink column over its CHECK) fails the batch after the event's update ran.
    await sql`CREATE FUNCTION refuse_job() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`.execute(database.db);
    await sql`CREATE TRIGGER refuse_job BEFORE INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION refuse_job()`.execute(
      database.db,
    );
    try {
      await expect(
        ingest([event('ev-atomic', { endedAt: '2026-05-04T10:09:00Z' }), job('job-atomic')]),
      ).rejects.toThrow(/refused by the test/);
    } finally {
      await sql`DROP TRIGGER refuse_job ON jobs`.execute(database.db);
      await sql`DROP FUNCTION refuse_job()`.execute(database.db);
    }
    expect((await storedEvent('ev-atomic')).ended_at).toBeNull();
    const identities = await database.db
      .selectFrom('ingest_records')
      .where('record_id', '=', 'job-atomic')
      .select('kind')
      .execute();
    expect(identities).toEqual([]);
    expect(await ingest([event('ev-atomic', { endedAt: '2026-05-04T10:09:00Z' }), job('job-atomic')])).toEqual(
      counts(1, 1, 0),
    );
  });
});

describe('migration 018', () => {
  it('keeps every identity stored under the old key and gives it the printer of its row', async () => {
    // The old shape: identities keyed by (tenant, id), without printer or content (ids were unique in the tenant).
    const db = database.db;
    await sql`DELETE FROM ingest_records`.execute(db);
    await sql`ALTER TABLE ingest_records DROP CONSTRAINT ingest_records_pkey`.execute(db);
    await sql`ALTER TABLE ingest_records DROP COLUMN system_id, DROP COLUMN content_hash`.execute(db);
    await sql`ALTER TABLE ingest_records ADD PRIMARY KEY (tenant_id, record_id)`.execute(db);
    const legacy: [string, string][] = [
      ['ev-1', 'event'],
      ['param-1', 'parameter'],
      ['job-1', 'job'],
      ['shift-rec-1', 'shift'],
      ['lost-1', 'job'],
    ];
    for (const [id, kind] of legacy) {
      await sql`INSERT INTO ingest_records (tenant_id, record_id, kind) VALUES (${A}, ${id}, ${kind})`.execute(db);
    }

    await sql.raw(recordIdentity.up).execute(db);

    const rows = await db
      .selectFrom('ingest_records')
      .select(['record_id', 'kind', 'system_id', 'content_hash'])
      .orderBy('record_id')
      .execute();
    expect(rows).toEqual([
      { record_id: 'ev-1', kind: 'event', system_id: 'a-berlin-1', content_hash: null },
      { record_id: 'job-1', kind: 'job', system_id: 'a-berlin-1', content_hash: null },
      // No row names it: kept without a printer.
      { record_id: 'lost-1', kind: 'job', system_id: '', content_hash: null },
      { record_id: 'param-1', kind: 'parameter', system_id: 'a-newark-1', content_hash: null },
      // The calendar's rows do not keep record ids: kept without a printer too.
      { record_id: 'shift-rec-1', kind: 'shift', system_id: '', content_hash: null },
    ]);
    // Ingest goes on as before: a retry is a duplicate, an end updates.
    expect(
      await ingest([
        job('job-1', 'A-100', { inkUl: { cyan: 40 } }),
        event('ev-2', { endedAt: '2026-05-04T10:02:00Z' }),
      ]),
    ).toEqual(counts(0, 1, 1));
  });
});
