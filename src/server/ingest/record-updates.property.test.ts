import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestFleetDatabase } from '../testing/test-fleet-database.ts';
import { expectRollupsFromRaw } from '../testing/raw-rollups.ts';
import { ingestTelemetry } from './ingest-telemetry.ts';
import { TEST_FLEET } from './ingest-test-fleet.ts';

/**
 * Property (issue 23): whatever a gateway sends — records, retries, resends with changed content, an event's start and
 * its end in any order, the same id on other printers and kinds — in whatever batches, the stored rows equal a fold of
 * the sends by README "Sending telemetry"'s rules, each answer's counts are the fold's, and every rollup equals its
 * recomputation from the stored raw rows. The fold below is written from those rules' words, not from the ingest code:
 *
 *   A record's identity is its printer, kind and id. A new identity is accepted. The same content again is a
 *   duplicate. An event that adds or moves its end, or changes its type, code or message, is updated; one without an
 *   end never removes a stored end: differing only by that missing end it is a duplicate, otherwise rejected; another
 *   start is rejected. Any other kind with other content is rejected.
 */

const TENANT = TEST_FLEET.a.tenantId;
const SERIALS = TEST_FLEET.a.systems.map((system) => system.serial);
const SYSTEM_OF = new Map<string, string>(TEST_FLEET.a.systems.map((system) => [system.serial, system.id]));
const AFTER_THE_DATA = { now: new Date('2031-01-01T00:00:00Z') };
const MINUTE = 60_000;
/** Two hours before Berlin's autumn DST change (2026-10-25 01:00 UTC): the touched hours and days cross it. */
const WINDOW = Date.parse('2026-10-24T23:00:00Z');

type Base =
  | {
      kind: 'event';
      serial: string;
      id: string;
      type: string;
      code: string;
      message: string;
      start: number;
      length: number;
    }
  | { kind: 'job'; serial: string; id: string; start: number; length: number; impressions: number }
  | { kind: 'status'; serial: string; id: string; status: string; start: number; length: number }
  | { kind: 'ink_load'; serial: string; id: string; start: number; volume: number };

const serial = fc.constantFrom(...SERIALS);
const id = fc.constantFrom('r1', 'r2', 'r3');
const minute = fc.integer({ min: 0, max: 300 });
const base: fc.Arbitrary<Base> = fc.oneof(
  fc.record({
    kind: fc.constant('event' as const),
    serial,
    id,
    type: fc.constantFrom('error', 'maintenance'),
    code: fc.constantFrom('E-1', 'E-2'),
    message: fc.constantFrom('Head clog', 'Paper jam'),
    start: minute,
    length: fc.integer({ min: 0, max: 240 }),
  }),
  fc.record({
    kind: fc.constant('job' as const),
    serial,
    id,
    start: minute,
    length: fc.integer({ min: 1, max: 180 }),
    impressions: fc.integer({ min: 0, max: 500 }),
  }),
  fc.record({
    kind: fc.constant('status' as const),
    serial,
    id,
    status: fc.constantFrom('Printing', 'Idle', 'Error'),
    start: minute,
    length: fc.integer({ min: 0, max: 600 }),
  }),
  fc.record({
    kind: fc.constant('ink_load' as const),
    serial,
    id,
    start: minute,
    volume: fc.integer({ min: 1, max: 9 }),
  }),
);

/** One send: a base record in one of its versions, its instants written in UTC or with a +02:00 offset. */
interface Send {
  base: number;
  version: number;
  offset: boolean;
}
const scenario = fc.record({
  bases: fc.array(base, { minLength: 1, maxLength: 8 }),
  sends: fc.array(fc.record({ base: fc.nat(), version: fc.nat({ max: 5 }), offset: fc.boolean() }), {
    minLength: 1,
    maxLength: 30,
  }),
  cuts: fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 10 }),
});

function instant(minutes: number, offset: boolean): string {
  const ms = WINDOW + minutes * MINUTE;
  return offset
    ? `${new Date(ms + 2 * 60 * MINUTE).toISOString().replace('.000Z', '')}+02:00`
    : new Date(ms).toISOString().replace('.000Z', 'Z');
}

/**
 * The record a send puts on the wire. Events: 0 its start (open), 1 its end, 2 a corrected end, 3 its end with another
 * message, 4 its start with another message, 5 another (earlier) start. Other kinds: even versions as recorded, odd ones with
 * other content (a job's impressions, a status interval's end, a bottle's volume).
 */
function wire({ base: index, version, offset }: Send, bases: readonly Base[]): Record<string, unknown> {
  const b = bases[index % bases.length]!;
  const head = { kind: b.kind, id: b.id, serial: b.serial };
  const changed = version % 2 === 1;
  switch (b.kind) {
    case 'event': {
      const message = version === 3 || version === 4 ? `${b.message}, again` : b.message;
      const start = version === 5 ? b.start - 1 : b.start;
      const end = version === 0 || version === 4 ? null : b.start + b.length + (version === 2 ? 7 : 0);
      return {
        ...head,
        type: b.type,
        code: b.code,
        message,
        startedAt: instant(start, offset),
        ...(end === null ? {} : { endedAt: instant(end, offset) }),
      };
    }
    case 'job':
      return {
        ...head,
        startedAt: instant(b.start, offset),
        endedAt: instant(b.start + b.length, offset),
        impressions: b.impressions + (changed ? 1 : 0),
      };
    case 'status':
      return {
        ...head,
        status: b.status,
        startedAt: instant(b.start, offset),
        endedAt: instant(b.start + b.length + (changed ? 1 : 0), offset),
      };
    case 'ink_load':
      return { ...head, loadedAt: instant(b.start, offset), colour: 'cyan', volumeUl: b.volume + (changed ? 1 : 0) };
  }
}

/** A record's content: every field but the identity, instants as milliseconds, an event's missing end as null. */
function content(record: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(record)) {
    if (field === 'kind' || field === 'id' || field === 'serial') continue;
    result[field] = field.endsWith('At') && typeof value === 'string' ? Date.parse(value) : value;
  }
  if (record['kind'] === 'event') result['endedAt'] ??= null;
  return result;
}

const differing = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Object.keys({ ...a, ...b }).filter((field) => a[field] !== b[field]);

type Outcome = 'accepted' | 'updated' | 'duplicate' | 'rejected';

/** The rules, applied to one record against what its identity holds (the stored record, or none). */
function fold(stored: Record<string, unknown> | undefined, record: Record<string, unknown>): Outcome {
  if (stored === undefined) return 'accepted';
  const changes = differing(content(stored), content(record));
  if (changes.length === 0) return 'duplicate';
  if (record['kind'] !== 'event' || changes.includes('startedAt')) return 'rejected';
  if (content(record)['endedAt'] === null && content(stored)['endedAt'] !== null) {
    return changes.length === 1 ? 'duplicate' : 'rejected';
  }
  return 'updated';
}

const database = useTestFleetDatabase();

/** The stored rows of one kind as the records they hold, by identity. */
async function storedRows(): Promise<Map<string, Record<string, unknown>>> {
  const iso = (value: unknown) => (value === null ? null : new Date(value as Date).getTime());
  const key = (systemId: string, kind: string, recordId: string) => `${systemId}|${kind}|${recordId}`;
  const rows = new Map<string, Record<string, unknown>>();
  const db = database.db;
  for (const row of await db.selectFrom('events').selectAll().where('tenant_id', '=', TENANT).execute()) {
    rows.set(key(row.system_id, 'event', row.id), {
      type: row.kind,
      code: row.code,
      message: row.message,
      startedAt: iso(row.started_at),
      endedAt: iso(row.ended_at),
    });
  }
  for (const row of await db.selectFrom('jobs').selectAll().where('tenant_id', '=', TENANT).execute()) {
    rows.set(key(row.system_id, 'job', row.id), {
      startedAt: iso(row.started_at),
      endedAt: iso(row.ended_at),
      impressions: row.impressions,
    });
  }
  for (const row of await db.selectFrom('status_intervals').selectAll().where('tenant_id', '=', TENANT).execute()) {
    rows.set(key(row.system_id, 'status', row.id), {
      status: row.status,
      startedAt: iso(row.started_at),
      endedAt: iso(row.ended_at),
    });
  }
  for (const row of await db.selectFrom('ink_loads').selectAll().where('tenant_id', '=', TENANT).execute()) {
    rows.set(key(row.system_id, 'ink_load', row.id), {
      loadedAt: iso(row.loaded_at),
      colour: row.colour,
      volumeUl: row.volume_ul,
    });
  }
  return rows;
}

describe('records sent again, updated and out of order', () => {
  it('store what the rules give, with exact counts, and rollups equal to the raw rows', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ bases, sends, cuts }) => {
        await sql`TRUNCATE jobs, status_intervals, ink_loads, events, ingest_records, system_hour, system_day, job_day,
          site_group_day, site_group_hour, system_month, job_month`.execute(database.db);
        const records = sends.map((send) => wire(send, bases));
        const held = new Map<string, Record<string, unknown>>();
        let sent = 0;
        for (let cut = 0; sent < records.length; cut += 1) {
          const batch = records.slice(sent, sent + (cuts[cut % cuts.length] ?? 1));
          sent += batch.length;
          const expected = { accepted: 0, updated: 0, duplicates: 0, rejected: [] as number[] };
          batch.forEach((record, index) => {
            const identity = `${SYSTEM_OF.get(String(record['serial']))}|${String(record['kind'])}|${String(record['id'])}`;
            const outcome = fold(held.get(identity), record);
            if (outcome === 'accepted' || outcome === 'updated') held.set(identity, record);
            if (outcome === 'accepted') expected.accepted += 1;
            else if (outcome === 'updated') expected.updated += 1;
            else if (outcome === 'duplicate') expected.duplicates += 1;
            else expected.rejected.push(index);
          });
          const answer = await ingestTelemetry(database.db, TENANT, batch, AFTER_THE_DATA);
          expect({ ...answer, rejected: answer.rejected.map((entry) => entry.index) }).toEqual(expected);
        }

        const stored = await storedRows();
        expect([...stored.keys()].sort()).toEqual([...held.keys()].sort());
        for (const [identity, record] of held) expect(stored.get(identity), identity).toEqual(content(record));
        await expectRollupsFromRaw(
          database.db,
          [...held.values()].filter((record) => record['kind'] !== 'event'),
        );
      }),
      // A fixed seed: the same cases in every run (a failure prints the counterexample to replay).
      { seed: 23, numRuns: 40 },
    );
  });
});
