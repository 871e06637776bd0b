import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../../db/database.ts';
import { openTestDatabase } from '../../db/test-database.ts';
import { LocalTimeText } from './local-time-text.ts';

let database: PortalDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
}, 120_000);

afterAll(async () => {
  await database.close();
});

/** Zones with whole-hour, half-hour and 45-minute offsets and DST changes of one hour and of half an hour. */
const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'Asia/Shanghai',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'UTC',
];

describe('LocalTimeText', () => {
  it('writes what PostgreSQL’s to_char(… AT TIME ZONE …) writes, across DST changes and a year end', async () => {
    // Every 23 min 13.5 s over 2026 (about 22,700 instants per zone, every hour of the year met at least twice, so the
    // hours of every DST change of these zones too, with instants on either side), with a fraction of a second to cut.
    const instants = Array.from({ length: 22_700 }, (_, index) => Date.UTC(2025, 11, 31, 20) + index * 1_393_500 + 999);
    const formatter = new LocalTimeText();
    for (const zone of ZONES) {
      const { rows } = await sql<{ text: string }>`
        SELECT to_char(to_timestamp(ms / 1000.0) AT TIME ZONE ${zone}, 'YYYY-MM-DD HH24:MI:SS') AS text
        FROM unnest(${instants}::float8[]) WITH ORDINALITY AS i(ms, n) ORDER BY n`.execute(database.db);
      const expected = rows.map((row) => row.text);
      const written = instants.map((instant) => formatter.format(instant, zone));
      const differences = written.flatMap((text, index) =>
        text === expected[index]
          ? []
          : [`${zone} ${new Date(instants[index] ?? 0).toISOString()}: ${text} ≠ ${expected[index]}`],
      );
      expect(differences.slice(0, 5)).toEqual([]);
    }
  });

  it('cuts the seconds, as the file’s times do', () => {
    expect(new LocalTimeText().format(Date.UTC(2026, 2, 29, 0, 59, 59, 999), 'Europe/Berlin')).toBe(
      '2026-03-29 01:59:59',
    );
    expect(new LocalTimeText().format(Date.UTC(2026, 2, 29, 1, 0, 0, 0), 'Europe/Berlin')).toBe('2026-03-29 03:00:00');
  });
});
