import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportPeriod } from '../../../shared/api-types.ts';
import type { KpiMeasures } from '../../../shared/kpi/index.ts';
import type { PortalDatabase } from '../../db/database.ts';
import { openTestDatabase } from '../../db/test-database.ts';
import { rawRows, rawWindowMeasures, type RawRows } from '../../testing/raw-kpi.ts';
import { BERLIN_SERIALS, REPORT_TENANT, seedReportFleet } from '../../testing/report-test-fleet.ts';
import { loadMeasures, selectedSystems, type SelectedSystem } from './measure-rows.ts';
import { comparisonCuts } from './period-progress.ts';
import { previousPeriodOf } from './report-period.ts';

/**
 * A period in progress reads the cut day's whole hours of the sites whose every system is selected from the site rollup
 * (`site_group_hour`, one row per site and local hour; measure-rows.ts). On the autumn clock change that rollup sums the
 * repeated hour's two UTC hours in one row, so a cut in the second of them reads the site's systems from the system
 * rollup instead. Checked against the raw rows in windows written out by hand in UTC: Sunday 25 October 2026 in Berlin,
 * whose clocks go back from 03:00 CEST (01:00 UTC) to 02:00 CET, against the previous same day (18 October, CEST).
 */

let database: PortalDatabase;
let rows: RawRows;
let berlin: SelectedSystem[];

beforeAll(async () => {
  database = await openTestDatabase();
  await seedReportFleet(database.db, '2026-10-17', '2026-10-25', { users: false });
  rows = await rawRows(database.db, REPORT_TENANT);
  const scope = { tenantId: REPORT_TENANT, customerIds: [], siteIds: [], systemIds: [] };
  berlin = await selectedSystems(database.db, scope, 'DTG', BERLIN_SERIALS.DTG);
}, 300_000);

afterAll(async () => {
  await database.close();
});

const ms = (iso: string) => Date.parse(iso);
const DAY: ReportPeriod = { timeframe: 'day', startDay: '2026-10-25', endDay: '2026-10-25', startHour: 0, endHour: 23 };
/** Midnight in Berlin (CEST) on 25 and 18 October. */
const MIDNIGHT = ms('2026-10-24T22:00:00Z');
const PREVIOUS_MIDNIGHT = ms('2026-10-17T22:00:00Z');

const COMPARED = [
  'periodSeconds',
  'printingSeconds',
  'preparationSeconds',
  'idleSeconds',
  'errorSeconds',
  'maintenanceSeconds',
  'notReportingSeconds',
  'jobs',
  'impressions',
] as const satisfies readonly (keyof KpiMeasures)[];

/** The Berlin site's measures of the day and the previous same day, read at `now`. */
async function measuresAt(now: string): Promise<{ current: KpiMeasures; previous: KpiMeasures }> {
  const previous = previousPeriodOf(DAY);
  const cuts = comparisonCuts(DAY, previous, new Date(now));
  const total = async (period: ReportPeriod, until: typeof cuts.current) => {
    const [row] = await loadMeasures(database.db, REPORT_TENANT, berlin, period, {}, until);
    if (row === undefined) throw new Error('no total row');
    return row.measures;
  };
  return { current: await total(DAY, cuts.current), previous: await total(previous, cuts.previous) };
}

function expectRaw(actual: KpiMeasures, window: { start: number; end: number }, name: string) {
  const expected = rawWindowMeasures(rows, BERLIN_SERIALS.DTG, () => window);
  for (const field of COMPARED) expect(actual[field], `${name} ${field}`).toBeCloseTo(expected[field], 6);
}

describe('the cut day of a whole site on the autumn clock change (Berlin, 25 October 2026)', () => {
  it('is selected as a whole site: both Berlin DTG printers', () => {
    expect(berlin.map((system) => system.serialNumber)).toEqual([...BERLIN_SERIALS.DTG]);
    expect(berlin.every((system) => system.siteGroupSystems === berlin.length)).toBe(true);
  });

  it('reads up to 02:29:41 CEST, in the first of the two 02:00 hours, and the previous same day alike', async () => {
    const measures = await measuresAt('2026-10-25T00:29:41Z');
    expectRaw(measures.current, { start: MIDNIGHT, end: ms('2026-10-25T00:29:41Z') }, 'current');
    expectRaw(measures.previous, { start: PREVIOUS_MIDNIGHT, end: ms('2026-10-18T00:29:41Z') }, 'previous');
    // Two printers, two whole hours and 29 min 41 s each.
    expect(measures.current.periodSeconds).toBeCloseTo(2 * (2 * 3600 + 29 * 60 + 41), 6);
  });

  it('reads up to 02:29:41 CET, in the second 02:00 hour: the first one counts whole', async () => {
    const measures = await measuresAt('2026-10-25T01:29:41Z');
    expectRaw(measures.current, { start: MIDNIGHT, end: ms('2026-10-25T01:29:41Z') }, 'current');
    expectRaw(measures.previous, { start: PREVIOUS_MIDNIGHT, end: ms('2026-10-18T00:29:41Z') }, 'previous');
    expect(measures.current.periodSeconds).toBeCloseTo(2 * (3 * 3600 + 29 * 60 + 41), 6);
  });

  it('reads up to 04:29:41 CET, after the change: five whole hours before the one in progress', async () => {
    const measures = await measuresAt('2026-10-25T03:29:41Z');
    expectRaw(measures.current, { start: MIDNIGHT, end: ms('2026-10-25T03:29:41Z') }, 'current');
    expectRaw(measures.previous, { start: PREVIOUS_MIDNIGHT, end: ms('2026-10-18T02:29:41Z') }, 'previous');
    expect(measures.current.periodSeconds).toBeCloseTo(2 * (5 * 3600 + 29 * 60 + 41), 6);
  });
});
