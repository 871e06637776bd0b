import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../../db/database.ts';
import { openTestDatabase } from '../../db/test-database.ts';
import { LocalTimeCells } from './local-time-cells.ts';

let database: PortalDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
}, 120_000);

afterAll(async () => {
  await database.close();
});

/** Zones with whole-hour, half-hour and 45-minute offsets, west and east, and DST changes of one hour and of half an hour. */
const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'America/St_Johns',
  'Asia/Shanghai',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'UTC',
];

/** An Excel date-time as 'YYYY-MM-DD HH:MM:SS', read the way Excel and exceljs read it (to the millisecond). */
const dateTimeText = (days: number) =>
  new Date(Math.round((days - 25_569) * 86_400_000)).toISOString().slice(0, 19).replace('T', ' ');

describe('LocalTimeCells', () => {
  it('writes the wall clock and UTC offset PostgreSQL gives (… AT TIME ZONE …), across DST changes and a year end', async () => {
    // Every 23 min 13.5 s over 2026 (about 22,700 instants per zone, every hour of the year met at least twice, so the
    // hours of every DST change of these zones too, with instants on either side), with a fraction of a second to cut.
    const instants = Array.from({ length: 22_700 }, (_, index) => Date.UTC(2025, 11, 31, 20) + index * 1_393_500 + 999);
    const cells = new LocalTimeCells();
    for (const zone of ZONES) {
      const { rows } = await sql<{ text: string; offset: string }>`
        SELECT to_char(local, 'YYYY-MM-DD HH24:MI:SS') AS text,
          CASE WHEN seconds < 0 THEN '-' ELSE '+' END || to_char(abs(seconds) / 3600, 'FM00') || ':'
            || to_char(abs(seconds) % 3600 / 60, 'FM00') AS offset
        FROM unnest(${instants}::float8[]) WITH ORDINALITY AS i(ms, n),
          LATERAL (SELECT to_timestamp(ms / 1000.0) AS instant) t,
          LATERAL (SELECT t.instant AT TIME ZONE ${zone} AS local) l,
          LATERAL (SELECT extract(epoch FROM l.local - (t.instant AT TIME ZONE 'UTC'))::int AS seconds) o
        ORDER BY n`.execute(database.db);
      const differences = instants.flatMap((instant, index) => {
        const [dateTime, offset] = cells.cells(instant, zone);
        const written = `${dateTimeText(dateTime)} ${offset}`;
        const expected = `${rows[index]?.text} ${rows[index]?.offset}`;
        return written === expected ? [] : [`${zone} ${new Date(instant).toISOString()}: ${written} ≠ ${expected}`];
      });
      expect(differences.slice(0, 5)).toEqual([]);
    }
  });

  it("counts Excel's days from 1899-12-30 and cuts the seconds, as the file's times do", () => {
    const cells = new LocalTimeCells();
    expect(cells.cells(Date.UTC(2026, 0, 1), 'UTC')).toEqual([46_023, '+00:00']);
    expect(cells.cells(Date.UTC(2026, 0, 1, 12, 0, 0, 999), 'UTC')).toEqual([46_023.5, '+00:00']);
    const [beforeJump] = cells.cells(Date.UTC(2026, 2, 29, 0, 59, 59, 999), 'Europe/Berlin');
    expect(dateTimeText(beforeJump)).toBe('2026-03-29 01:59:59');
    expect(cells.cells(Date.UTC(2026, 2, 29, 1), 'Europe/Berlin')[1]).toBe('+02:00');
    expect(cells.cells(Date.UTC(2026, 0, 1), 'America/St_Johns')[1]).toBe('-03:30');
  });

  it("writes the repeated 02:30 of Berlin's autumn change twice, told apart by its offset", () => {
    const cells = new LocalTimeCells();
    const first = cells.cells(Date.UTC(2026, 9, 25, 0, 30), 'Europe/Berlin');
    const second = cells.cells(Date.UTC(2026, 9, 25, 1, 30), 'Europe/Berlin');
    expect(dateTimeText(first[0])).toBe('2026-10-25 02:30:00');
    expect(first).toEqual([second[0], '+02:00']);
    expect(second[1]).toBe('+01:00');
  });
});
