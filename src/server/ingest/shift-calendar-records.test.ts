import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { ingestTelemetry } from './ingest-telemetry.ts';
import { seedTestFleet, TEST_FLEET } from './ingest-test-fleet.ts';

/** Shift and shift_target telemetry records (the shift calendar through ingest, issue #15). */

const A = TEST_FLEET.a.tenantId;
const B = TEST_FLEET.b.tenantId;
/** Berlin 14:00, Newark 08:00 on Monday 20 April 2026. */
const NOW = new Date('2026-04-20T12:00:00Z');

let database: PortalDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedTestFleet(database.db);
  // A second printer in Berlin: every gateway of a site reports the site's calendar.
  await database.db
    .insertInto('systems')
    .values({
      tenant_id: A,
      id: 'a-berlin-2',
      serial_number: 'A-101',
      customer_id: 'customer',
      site_id: 'a-berlin',
      model_id: 'model',
      system_group: 'DTF',
      nickname: null,
    })
    .execute();
});
afterAll(async () => {
  await database.close();
});

const ingest = (tenantId: string, records: unknown[]) => ingestTelemetry(database.db, tenantId, records, { now: NOW });

const shift = (id: string, overrides: Record<string, unknown> = {}) => ({
  kind: 'shift',
  id,
  serial: 'A-100',
  shiftId: 'a-berlin-early',
  name: 'Early',
  startsAt: '06:00',
  endsAt: '14:00',
  weekdays: [1, 2, 3, 4, 5],
  validFrom: '2026-01-01',
  ...overrides,
});

const target = (id: string, overrides: Record<string, unknown> = {}) => ({
  kind: 'shift_target',
  id,
  serial: 'A-100',
  shiftId: 'a-berlin-early',
  validFrom: '2026-01-01',
  targetImpressions: 400,
  ...overrides,
});

async function shiftsOf(tenantId: string) {
  const { rows } = await sql<{
    id: string;
    site_id: string;
    name: string;
    starts_at: string;
    ends_at: string;
    weekdays: number[];
    valid_from: string;
  }>`SELECT id, site_id, name, to_char(starts_at, 'HH24:MI') AS starts_at, to_char(ends_at, 'HH24:MI') AS ends_at,
      weekdays::int[] AS weekdays, to_char(valid_from, 'YYYY-MM-DD') AS valid_from
    FROM shifts WHERE tenant_id = ${tenantId} ORDER BY id`.execute(database.db);
  return rows;
}

async function targetsOf(tenantId: string, systemId: string) {
  const { rows } = await sql<{ shift_id: string; valid_from: string; target: number }>`SELECT shift_id,
      to_char(valid_from, 'YYYY-MM-DD') AS valid_from, target_impressions AS target
    FROM shift_targets WHERE tenant_id = ${tenantId} AND system_id = ${systemId} ORDER BY shift_id, valid_from`.execute(
    database.db,
  );
  return rows;
}

describe('shift and shift_target records', () => {
  it("stores a site's shifts and a printer's targets (a target may name a shift of the same batch); a retry changes nothing", async () => {
    const batch = [
      shift('cal-1-early'),
      shift('cal-1-night', { shiftId: 'a-berlin-night', name: 'Night', startsAt: '22:00', endsAt: '06:00' }),
      target('cal-1-target-early'),
      target('cal-1-target-night', { shiftId: 'a-berlin-night', targetImpressions: 250 }),
    ];
    expect(await ingest(A, batch)).toEqual({ accepted: 4, updated: 0, duplicates: 0, rejected: [] });
    expect(await shiftsOf(A)).toEqual([
      {
        id: 'a-berlin-early',
        site_id: 'a-berlin',
        name: 'Early',
        starts_at: '06:00',
        ends_at: '14:00',
        weekdays: [1, 2, 3, 4, 5],
        valid_from: '2026-01-01',
      },
      {
        id: 'a-berlin-night',
        site_id: 'a-berlin',
        name: 'Night',
        starts_at: '22:00',
        ends_at: '06:00',
        weekdays: [1, 2, 3, 4, 5],
        valid_from: '2026-01-01',
      },
    ]);
    expect(await targetsOf(A, 'a-berlin-1')).toEqual([
      { shift_id: 'a-berlin-early', valid_from: '2026-01-01', target: 400 },
      { shift_id: 'a-berlin-night', valid_from: '2026-01-01', target: 250 },
    ]);

    expect(await ingest(A, batch)).toEqual({ accepted: 0, updated: 0, duplicates: 4, rejected: [] });
    expect(await shiftsOf(A)).toHaveLength(2);
    expect(await targetsOf(A, 'a-berlin-1')).toHaveLength(2);
  });

  it('is configuration, not the printer reporting: the last update and ever-reported stay as they were', async () => {
    const row = await database.db
      .selectFrom('systems')
      .select(['ever_reported', 'last_reported_at'])
      .where('id', '=', 'a-berlin-1')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ ever_reported: false, last_reported_at: null });
  });

  it('accepts the same shift from another printer of the site, keeps the latest definition and ignores an older one', async () => {
    // A calendar change from 1 March: the early shift moves an hour and is worked on Saturdays too.
    const change = shift('cal-2-change', {
      serial: 'A-101',
      startsAt: '07:00',
      endsAt: '15:00',
      weekdays: [1, 2, 3, 4, 5, 6],
      validFrom: '2026-03-01',
    });
    // A gateway catching up sends the January definition afterwards.
    const late = shift('cal-2-late', { startsAt: '05:00', endsAt: '13:00', validFrom: '2026-01-15' });
    expect(await ingest(A, [change])).toMatchObject({ accepted: 1, rejected: [] });
    expect(await ingest(A, [late])).toMatchObject({ accepted: 1, rejected: [] });
    const early = (await shiftsOf(A)).find((row) => row.id === 'a-berlin-early');
    expect(early).toMatchObject({
      starts_at: '07:00',
      ends_at: '15:00',
      weekdays: [1, 2, 3, 4, 5, 6],
      valid_from: '2026-03-01',
    });

    // In one batch, the later validity wins whatever the order; a shift no longer worked has no weekdays.
    expect(
      await ingest(A, [
        shift('cal-2-retire', { shiftId: 'a-berlin-night', name: 'Night', weekdays: [], validFrom: '2026-04-20' }),
        shift('cal-2-older', { shiftId: 'a-berlin-night', name: 'Night', weekdays: [1], validFrom: '2026-04-01' }),
      ]),
    ).toMatchObject({ accepted: 2, rejected: [] });
    expect((await shiftsOf(A)).find((row) => row.id === 'a-berlin-night')).toMatchObject({
      weekdays: [],
      valid_from: '2026-04-20',
    });
  });

  it('keeps the history of targets by validFrom; a record for the same day corrects it, the last of a batch winning', async () => {
    expect(
      await ingest(A, [
        target('cal-3-march', { validFrom: '2026-03-01', targetImpressions: 450 }),
        // A target announced ahead of its day is fine: each shift occurrence reads the one valid on its start day.
        target('cal-3-next-year', { validFrom: '2027-01-01', targetImpressions: 500 }),
      ]),
    ).toMatchObject({ accepted: 2, rejected: [] });
    expect(
      await ingest(A, [
        target('cal-3-fix-1', { validFrom: '2026-03-01', targetImpressions: 460 }),
        target('cal-3-fix-2', { validFrom: '2026-03-01', targetImpressions: 470 }),
      ]),
    ).toMatchObject({ accepted: 2, rejected: [] });
    expect((await targetsOf(A, 'a-berlin-1')).filter((row) => row.shift_id === 'a-berlin-early')).toEqual([
      { shift_id: 'a-berlin-early', valid_from: '2026-01-01', target: 400 },
      { shift_id: 'a-berlin-early', valid_from: '2026-03-01', target: 470 },
      { shift_id: 'a-berlin-early', valid_from: '2027-01-01', target: 500 },
    ]);
  });

  it("accepts a target up to 366 days after the site's current day and rejects one further ahead", async () => {
    // Berlin is on 20 April 2026 (Newark too, at 08:00): 366 days on is 21 April 2027.
    const before = await targetsOf(A, 'a-berlin-1');
    const result = await ingest(A, [
      target('ahead-last-day', { shiftId: 'a-berlin-night', validFrom: '2027-04-21', targetImpressions: 300 }),
      target('ahead-one-more', { shiftId: 'a-berlin-night', validFrom: '2027-04-22', targetImpressions: 310 }),
      target('ahead-forever', { shiftId: 'a-berlin-night', validFrom: '9999-12-31', targetImpressions: 320 }),
    ]);
    const reason =
      "/validFrom is more than 366 days after the site's current day (a target may be announced at most a year ahead)";
    expect(result).toEqual({
      accepted: 1,
      updated: 0,
      duplicates: 0,
      rejected: [
        { index: 1, reason },
        { index: 2, reason },
      ],
    });
    const after = await targetsOf(A, 'a-berlin-1');
    expect(after).toHaveLength(before.length + 1);
    expect(after).toContainEqual({ shift_id: 'a-berlin-night', valid_from: '2027-04-21', target: 300 });
  });

  it("counts the year ahead from the site's own day: late on 20 April in Newark is already 21 April in Berlin", async () => {
    const late = new Date('2026-04-21T02:00:00Z'); // Berlin 04:00 on the 21st, Newark 22:00 on the 20th.
    const result = await ingestTelemetry(
      database.db,
      A,
      [
        target('ahead-berlin', { shiftId: 'a-berlin-night', validFrom: '2027-04-22' }),
        // The Newark printer may not report a Berlin shift; its target names a shift of its own site.
        shift('ahead-newark-shift', { serial: 'A-200', shiftId: 'a-newark-day', name: 'Day', validFrom: '2026-04-20' }),
        target('ahead-newark', { serial: 'A-200', shiftId: 'a-newark-day', validFrom: '2027-04-22' }),
      ],
      { now: late },
    );
    expect(result.rejected).toEqual([
      {
        index: 2,
        reason:
          "/validFrom is more than 366 days after the site's current day (a target may be announced at most a year ahead)",
      },
    ]);
    expect(result.accepted).toBe(2);
  });

  it('rejects bad calendar records with index and reason and stores none of them', async () => {
    const shiftsBefore = await shiftsOf(A);
    const newarkBefore = await targetsOf(A, 'a-newark-1');
    const result = await ingest(A, [
      shift('bad-half-hour', { shiftId: 'a-berlin-x', startsAt: '06:30' }),
      shift('bad-clock', { shiftId: 'a-berlin-x', endsAt: '24:00' }),
      shift('bad-weekday', { shiftId: 'a-berlin-x', weekdays: [1, 8] }),
      shift('bad-repeat', { shiftId: 'a-berlin-x', weekdays: [1, 1] }),
      shift('bad-day', { shiftId: 'a-berlin-x', validFrom: '2026-02-30' }),
      // Berlin is on 20 April: a definition from tomorrow would already apply to today.
      shift('bad-tomorrow', { shiftId: 'a-berlin-x', validFrom: '2026-04-21' }),
      // The Berlin early shift reported by the Newark printer.
      shift('bad-site', { serial: 'A-200' }),
      target('bad-unknown', { shiftId: 'nope' }),
      target('bad-target-site', { serial: 'A-200' }),
      target('bad-negative', { targetImpressions: -1 }),
      target('bad-missing', { validFrom: undefined }),
      target('bad-foreign', { serial: 'B-100' }),
      // The shift of this batch was rejected (index 0), so its target has no shift either.
      target('bad-follows', { shiftId: 'a-berlin-x' }),
      shift('bad-nul', { shiftId: 'a-berlin-x', name: 'Ear\u0000ly' }),
    ]);
    expect(result.accepted).toBe(0);
    expect(result.rejected.map((entry) => [entry.index, entry.reason])).toEqual([
      [0, '/startsAt is not on a whole hour (HH:00)'],
      [1, expect.stringMatching(/^\/endsAt must match pattern/) as unknown],
      [2, '/weekdays/1 must be <= 7'],
      [3, expect.stringMatching(/^\/weekdays must NOT have duplicate items/) as unknown],
      [4, '/validFrom is not a real day from 1970 on'],
      [5, "/validFrom is after the site's current day (send a shift's new definition on the day it takes effect)"],
      [6, "/shiftId a-berlin-early is a shift of site a-berlin, not of this printer's site a-newark"],
      [
        7,
        "/shiftId nope is not a shift of this printer's site (send its shift record first, or in the same batch before the target)",
      ],
      [8, "/shiftId a-berlin-early is a shift of site a-berlin, not of this printer's site a-newark"],
      [9, '/targetImpressions must be >= 0'],
      [10, "record must have required property 'validFrom'"],
      [11, '/serial B-100 is not a system of this tenant'],
      [
        12,
        "/shiftId a-berlin-x is not a shift of this printer's site (send its shift record first, or in the same batch before the target)",
      ],
      [13, 'record contains the character U+0000'],
    ]);
    expect(await shiftsOf(A)).toEqual(shiftsBefore);
    expect(await targetsOf(A, 'a-newark-1')).toEqual(newarkBefore);
  });

  it("keeps tenants apart: another tenant's shift of the same id is its own and changes nothing of the first", async () => {
    const before = await shiftsOf(A);
    const result = await ingest(B, [
      shift('b-cal-1', { serial: 'B-100', startsAt: '10:00', endsAt: '18:00' }),
      target('b-cal-2', { serial: 'B-100', targetImpressions: 10 }),
    ]);
    expect(result).toEqual({ accepted: 2, updated: 0, duplicates: 0, rejected: [] });
    expect(await shiftsOf(A)).toEqual(before);
    expect(await shiftsOf(B)).toEqual([
      expect.objectContaining({ id: 'a-berlin-early', site_id: 'b-berlin', starts_at: '10:00' }),
    ]);
    expect(await targetsOf(B, 'b-berlin-1')).toEqual([
      { shift_id: 'a-berlin-early', valid_from: '2026-01-01', target: 10 },
    ]);
  });
});
