import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../db/schema.ts';
import { TEST_FLEET } from '../ingest/ingest-test-fleet.ts';
import { INK_COLOURS, JOB_DAY_COLUMNS, ROLLUP_COLUMNS, STATUSES } from '../ingest/measures.ts';

/**
 * The rollups of test fleet A recomputed from raw records in plain TypeScript, from the glossary's words
 * (docs/kpi-glossary.md): a job counts, whole, in the hour and the site-local day that contain its end; status time is
 * split at the period boundaries; an ink load counts where it was loaded. Not derived from the rollup SQL.
 */

const HOUR = 3_600_000;
const TENANT = TEST_FLEET.a.tenantId;
const SYSTEMS = TEST_FLEET.a.systems;

/** Rollup rows by key (`system|hour` or `system|day`, site rollups `site|group|…`): column → value. */
export type Rows = Map<string, Record<string, number>>;

const localDay = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);

function add(rows: Rows, key: string, columns: readonly string[], values: Record<string, number>): void {
  const row = rows.get(key) ?? Object.fromEntries(columns.map((column) => [column, 0]));
  for (const [column, value] of Object.entries(values)) row[column] = (row[column] ?? 0) + value;
  rows.set(key, row);
}

/**
 * The reference: plain arithmetic over the records. Status intervals are cut at UTC hours; each piece belongs to the
 * local day of its start (exact for whole-hour UTC offsets such as Berlin's and New York's).
 */
export function reference(records: Record<string, unknown>[]): { hours: Rows; days: Rows; jobDays: Rows } {
  const hours: Rows = new Map();
  const days: Rows = new Map();
  const jobDays: Rows = new Map();
  for (const record of records) {
    const system = SYSTEMS.find((candidate) => candidate.serial === record['serial']);
    if (system === undefined) throw new Error('unknown serial in generated data');
    const hourKey = (ms: number) => `${system.id}|${new Date(Math.floor(ms / HOUR) * HOUR).toISOString()}`;
    const dayKey = (ms: number) => `${system.id}|${localDay(ms, system.timeZone)}`;
    const both = (ms: number, values: Record<string, number>) => {
      add(hours, hourKey(ms), ROLLUP_COLUMNS, values);
      add(days, dayKey(ms), ROLLUP_COLUMNS, values);
    };
    if (record['kind'] === 'status') {
      const start = Date.parse(String(record['startedAt']));
      const end = Date.parse(String(record['endedAt']));
      const column = STATUSES.find((status) => status.name === record['status'])?.column ?? 'missing';
      // A zero-length interval has no share in any hour (it adds 0 s where other records make a row).
      for (let hour = Math.floor(start / HOUR) * HOUR; start < end && hour < end; hour += HOUR) {
        const from = Math.max(hour, start);
        both(from, { [column]: (Math.min(hour + HOUR, end) - from) / 1000 });
      }
    } else if (record['kind'] === 'job') {
      // "Impressions of finished jobs": the whole job — impressions, media, ink, its print seconds — counts in the hour
      // and the site-local day that contain the instant it ended.
      const start = Date.parse(String(record['startedAt']));
      const end = Date.parse(String(record['endedAt']));
      const seconds = (end - start) / 1000;
      const impressions = Number(record['impressions']);
      const ink = (record['inkUl'] ?? {}) as Record<string, number>;
      const inkColumns = Object.fromEntries(INK_COLOURS.map((colour) => [`ink_${colour}_ul`, ink[colour] ?? 0]));
      both(end, {
        jobs: 1,
        impressions,
        dark_impressions: record['darkGarment'] === true ? impressions : 0,
        media_length_mm: Number(record['mediaLengthMm'] ?? 0),
        print_seconds: seconds,
        ...inkColumns,
        rejected_impressions: record['rejected'] === true ? impressions : 0,
        rejected_media_length_mm: record['rejected'] === true ? Number(record['mediaLengthMm'] ?? 0) : 0,
      });
      const area = Number(record['imageAreaCm2'] ?? 0);
      const size = area < 467 ? 'small' : area <= 935 ? 'medium' : 'large';
      const inkTotal = Object.values(ink).reduce((sum, value) => sum + value, 0);
      const groups = [size, ...(record['printMode'] == null ? [] : [`mode_${String(record['printMode'])}`])];
      for (const group of groups) {
        add(jobDays, dayKey(end), JOB_DAY_COLUMNS, {
          [`jobs_${group}`]: 1,
          [`impressions_${group}`]: impressions,
          [`ink_${group}_ul`]: inkTotal,
          [`print_seconds_${group}`]: seconds,
          [`media_length_mm_${group}`]: Number(record['mediaLengthMm'] ?? 0),
        });
        // The widest film the group's jobs of that day were printed on (0 when none reported a width).
        const row = jobDays.get(dayKey(end)) ?? {};
        row[`media_width_max_mm_${group}`] = Math.max(
          row[`media_width_max_mm_${group}`] ?? 0,
          Number(record['mediaWidthMm'] ?? 0),
        );
      }
    } else {
      both(Date.parse(String(record['loadedAt'])), { bottles_loaded: 1 });
    }
  }
  return { hours, days, jobDays };
}

const localHour = (ms: number, timeZone: string) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(ms));

/** The site rollups of the reference: its system rows summed per site, group (all DTF here) and local day / hour. */
function siteReference(expected: { hours: Rows; days: Rows }): { siteDays: Rows; siteHours: Rows } {
  const systemOf = (key: string) => {
    const [systemId = '', rest = ''] = key.split('|');
    const system = SYSTEMS.find((candidate) => candidate.id === systemId);
    if (system === undefined) throw new Error(`unknown system ${systemId}`);
    return { system, rest };
  };
  const siteDays: Rows = new Map();
  for (const [key, row] of expected.days) {
    const { system, rest } = systemOf(key);
    add(siteDays, `${system.siteId}|DTF|${rest}`, ROLLUP_COLUMNS, row);
  }
  const siteHours: Rows = new Map();
  for (const [key, row] of expected.hours) {
    const { system, rest } = systemOf(key);
    const start = Date.parse(rest);
    const local = `${localDay(start, system.timeZone)}|${localHour(start, system.timeZone)}`;
    add(siteHours, `${system.siteId}|DTF|${local}`, ROLLUP_COLUMNS, row);
  }
  return { siteDays, siteHours };
}

/**
 * The month rollups of the reference: its day rows summed per system and local month (the widest film: the widest of
 * the month's days), keyed `system|yyyy-MM-01`.
 */
function monthReference(expected: { days: Rows; jobDays: Rows }): { months: Rows; jobMonths: Rows } {
  const monthKey = (dayKey: string) => `${dayKey.slice(0, dayKey.lastIndexOf('-'))}-01`;
  const months: Rows = new Map();
  for (const [key, row] of expected.days) add(months, monthKey(key), ROLLUP_COLUMNS, row);
  const jobMonths: Rows = new Map();
  for (const [key, row] of expected.jobDays) {
    const month = jobMonths.get(monthKey(key)) ?? Object.fromEntries(JOB_DAY_COLUMNS.map((column) => [column, 0]));
    for (const [column, value] of Object.entries(row)) {
      const widest = column.startsWith('media_width_max_mm_');
      month[column] = widest ? Math.max(month[column] ?? 0, value) : (month[column] ?? 0) + value;
    }
    jobMonths.set(monthKey(key), month);
  }
  return { months, jobMonths };
}

async function readSiteRollup(db: Kysely<Database>, table: string, keyExpression: string): Promise<Rows> {
  const { rows } = await sql<Record<string, unknown>>`SELECT site_id || '|' || system_group || '|' ||
    ${sql.raw(keyExpression)} AS key, ${sql.raw(ROLLUP_COLUMNS.join(', '))}
    FROM ${sql.table(table)} WHERE tenant_id = ${TENANT}`.execute(db);
  return new Map(
    rows.map((row) => [
      String(row['key']),
      Object.fromEntries(ROLLUP_COLUMNS.map((column) => [column, Number(row[column])])),
    ]),
  );
}

/** A rollup table of fleet A by `system|key`, the given columns as numbers. */
export async function readRollup(
  db: Kysely<Database>,
  table: string,
  keyExpression: string,
  columns: readonly string[],
): Promise<Rows> {
  const { rows } = await sql<Record<string, unknown>>`SELECT system_id, ${sql.raw(keyExpression)} AS key,
    ${sql.raw(columns.join(', '))} FROM ${sql.table(table)} WHERE tenant_id = ${TENANT}`.execute(db);
  return new Map(
    rows.map((row) => [
      `${String(row['system_id'])}|${String(row['key'])}`,
      Object.fromEntries(columns.map((column) => [column, Number(row[column])])),
    ]),
  );
}

function expectRowsEqual(actual: Rows, expected: Rows, label: string): void {
  expect([...actual.keys()].sort(), `${label} keys`).toEqual([...expected.keys()].sort());
  for (const [key, row] of expected) {
    const stored = actual.get(key) ?? {};
    for (const [column, value] of Object.entries(row)) {
      expect(stored[column], `${label} ${key} ${column}`).toBeCloseTo(value, 6);
    }
  }
}

/**
 * Checks system_hour, system_day, job_day, the site and the month rollups of fleet A against the reference over `records` (the
 * raw records as stored, one per identity) and returns the reference.
 */
export async function expectRollupsFromRaw(
  db: Kysely<Database>,
  records: Record<string, unknown>[],
): Promise<{ hours: Rows; days: Rows; jobDays: Rows }> {
  const expected = reference(records);
  const hourKey = `to_char(hour_start AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"')`;
  expectRowsEqual(await readRollup(db, 'system_hour', hourKey, ROLLUP_COLUMNS), expected.hours, 'system_hour');
  expectRowsEqual(await readRollup(db, 'system_day', 'local_day::text', ROLLUP_COLUMNS), expected.days, 'system_day');
  expectRowsEqual(await readRollup(db, 'job_day', 'local_day::text', JOB_DAY_COLUMNS), expected.jobDays, 'job_day');
  const sites = siteReference(expected);
  expectRowsEqual(await readSiteRollup(db, 'site_group_day', 'local_day::text'), sites.siteDays, 'site_group_day');
  expectRowsEqual(
    await readSiteRollup(db, 'site_group_hour', "local_day::text || '|' || local_hour"),
    sites.siteHours,
    'site_group_hour',
  );
  const months = monthReference(expected);
  const monthKey = 'month_start::text';
  expectRowsEqual(await readRollup(db, 'system_month', monthKey, ROLLUP_COLUMNS), months.months, 'system_month');
  expectRowsEqual(await readRollup(db, 'job_month', monthKey, JOB_DAY_COLUMNS), months.jobMonths, 'job_month');
  return expected;
}
