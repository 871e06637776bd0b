import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, ReportPeriod } from '../../../shared/api-types.ts';
import type {
  MachineSettings,
  SystemAchievement,
  SystemAvailabilityTimeline,
  SystemImpressionsCards,
  SystemInkTable,
  SystemMessages,
  SystemPageCards,
  SystemQualiset,
  SystemTimeline,
} from '../../../shared/contract/system-page.contract.ts';
import { addDays, localDayOf, localTimeToInstant } from '../../../shared/time/local-time.ts';
import { ingestTelemetry } from '../../ingest/ingest-telemetry.ts';
import { rebuildRollups } from '../../ingest/rebuild-rollups.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../../testing/api-test-harness.ts';
import { rawKpis, rawPeriodMeasures, rawRows, type RawRows } from '../../testing/raw-kpi.ts';
import { rawFiveMinuteStatuses, rawIntervals, rawStatusShares, type RawInterval } from '../../testing/raw-timeline.ts';
import {
  berlinReader,
  REPORT_SERIALS,
  REPORT_TENANT,
  reportAdmin,
  seedReportFleet,
} from '../../testing/report-test-fleet.ts';
import { ROLE } from '../../../shared/auth/roles.ts';

/**
 * The system page's server side against raw rows: the simulated Northwind fleet on 27–29 March 2026 (29 March is the
 * spring DST day in Berlin) and a hand-made Tuesday 31 March of DTG-10001 (Berlin) with intervals crossing both
 * midnights, events, ink loads and Qualiset results.
 */

const SERIAL = 'DTG-10001';
const BERLIN = 'Europe/Berlin';
const HAND_DAY = '2026-03-31';
/** A simulated Friday. */
const WORKDAY = '2026-03-27';
/** The hand-made day has 8 events, its week 9: the week's file is over the limit. */
const EVENT_ROW_LIMIT = 8;
const OTHER_TENANT = 'other-textiles';
const otherAdmin: TestIdentity = { sub: 'other-admin', tenantId: OTHER_TENANT, roles: [ROLE.Admin] };
const superUser: TestIdentity = { sub: 'other-admin', tenantId: REPORT_TENANT, roles: [ROLE.Admin], isSuperUser: true };

let h: ApiTestHarness;
let rows: RawRows;
let intervals: RawInterval[];

/** An instant of Berlin wall-clock time `hh:mm[:ss]` on `day`. */
const at = (day: string, time: string) => {
  const [hours = 0, minutes = 0, seconds = 0] = time.split(':').map(Number);
  return new Date(localTimeToInstant(day, hours * 60 + minutes, BERLIN) + seconds * 1000);
};

async function systemIdOf(serial: string): Promise<string> {
  const system = await h.database.db
    .selectFrom('systems')
    .where('tenant_id', '=', REPORT_TENANT)
    .where('serial_number', '=', serial)
    .select('id')
    .executeTakeFirstOrThrow();
  return system.id;
}

async function seedHandMadeDay(): Promise<void> {
  const db = h.database.db;
  const base = { tenant_id: REPORT_TENANT, system_id: await systemIdOf(SERIAL) };
  const day = HAND_DAY;
  const next = addDays(day, 1);
  const stretches: [string, Date, Date][] = [
    ['Idle', at(addDays(day, -1), '23:00'), at(day, '01:02:30')],
    ['Error', at(day, '01:02:30'), at(day, '01:07:30')],
    ['Printing', at(day, '01:07:30'), at(day, '08:00')],
    ['Maintenance', at(day, '08:00'), at(day, '08:20')],
    ['Preparation', at(day, '08:20'), at(day, '12:00')],
    ['Printing', at(day, '12:00'), at(day, '18:00')],
    ['Idle', at(day, '18:00'), at(day, '23:50')],
    ['Error', at(day, '23:50'), at(next, '00:30')],
  ];
  await db
    .insertInto('status_intervals')
    .values(
      stretches.map(([status, started_at, ended_at], index) => ({
        ...base,
        id: `hand-${index}`,
        status: status as 'Idle',
        started_at,
        ended_at,
      })),
    )
    .execute();
  const events: ['error' | 'maintenance', string, string, string, string | null][] = [
    ['error', 'E1', 'Head clog', '02:00', '02:10'],
    ['error', 'E2', 'Head clog', '03:00', '03:05'],
    ['error', 'E9', 'Other', '04:00', '04:01'],
    ['error', 'E8', '', '05:00', '05:30'],
    ['error', 'E9', 'Other', '06:00', '06:01'],
    ['error', 'E3', 'Paper jam', '07:00', '07:20'],
    ['maintenance', 'M1', 'Daily cleaning', '08:00', '08:20'],
    ['maintenance', 'M2', 'Wiper', '23:00', null],
  ];
  await db
    .insertInto('events')
    .values([
      ...events.map(([kind, code, message, start, end], index) => ({
        ...base,
        id: `hand-event-${index}`,
        kind,
        code,
        message,
        started_at: at(day, start),
        ended_at: end === null ? null : at(day, end),
      })),
      { ...base, id: 'next-day', kind: 'error', code: 'E1', message: 'Head clog', started_at: at(next, '00:10') },
    ])
    .execute();
  await db
    .insertInto('ink_loads')
    .values([
      { ...base, id: 'load-1', loaded_at: at(day, '09:00'), colour: 'cyan', volume_ul: 500_000, bottle_id: null },
      { ...base, id: 'load-2', loaded_at: at(day, '09:05'), colour: 'white', volume_ul: 1_000_000, bottle_id: null },
      { ...base, id: 'load-3', loaded_at: at(day, '09:10'), colour: 'white', volume_ul: 1_000_000, bottle_id: null },
    ])
    .execute();
  await db
    .insertInto('qualiset_results')
    .values([
      { ...base, id: 'q-1', measured_at: at(day, '09:00'), test_name: 'Nozzle check', passed: true, score: 98 },
      { ...base, id: 'q-2', measured_at: at(day, '10:00'), test_name: 'Colour target', passed: false, score: 71.5 },
      { ...base, id: 'q-3', measured_at: at(day, '11:00'), test_name: 'Nozzle check', passed: true, score: null },
      { ...base, id: 'q-4', measured_at: at(next, '11:00'), test_name: 'Nozzle check', passed: false, score: 10 },
    ])
    .execute();
  await rebuildRollups(db, REPORT_TENANT);
}

beforeAll(async () => {
  h = await createApiTestHarness({ env: { PORTAL_EXPORT_EVENT_ROWS: String(EVENT_ROW_LIMIT) } });
  await seedReportFleet(h.database.db, '2026-03-27', '2026-03-29');
  await h.database.db.insertInto('tenants').values({ id: OTHER_TENANT, name: 'Other Textiles' }).execute();
  await h.database.db
    .insertInto('users')
    .values({
      id: otherAdmin.sub,
      tenant_id: OTHER_TENANT,
      email: 'other-admin@example.test',
      first_name: 'Other',
      last_name: 'Admin',
      roles: [ROLE.Admin],
    })
    .execute();
  await seedHandMadeDay();
  rows = await rawRows(h.database.db, REPORT_TENANT);
  intervals = await rawIntervals(h.database.db, REPORT_TENANT, SERIAL);
}, 180_000);

afterAll(async () => {
  await h.close();
});

async function get(path: string, query: string, identity: TestIdentity = reportAdmin) {
  return h.app.inject({
    method: 'GET',
    url: `/api/system-page-report/${path}?${query}`,
    headers: { authorization: await h.bearer(identity) },
  });
}

async function answer<T>(path: string, query: string, identity: TestIdentity = reportAdmin): Promise<T> {
  const response = await get(path, query, identity);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const dayOf = (day: string): ReportPeriod => ({
  timeframe: 'day',
  startDay: day,
  endDay: day,
  startHour: 0,
  endHour: 23,
});
const localDay = (day: string) => ({
  start: localTimeToInstant(day, 0, BERLIN),
  end: localTimeToInstant(addDays(day, 1), 0, BERLIN),
});

describe('system-timeline', () => {
  it('gives the 288 five-minute points of a day from the raw intervals, midnight-crossing ones clipped', async () => {
    const body = await answer<SystemTimeline>('system-timeline', `day=${HAND_DAY}&systemGroup=DTG&system=${SERIAL}`);
    const points = body.systemTimeLineDayResponse?.timeLineData ?? [];
    const { start, end } = localDay(HAND_DAY);
    expect(points).toHaveLength(288);
    expect(points.map((point) => point.status)).toEqual(rawFiveMinuteStatuses(intervals, start, end));
    expect(points[0]).toMatchObject({ time: '00:00', hour: 0, status: 'Idle', start: new Date(start).toISOString() });
    // 01:00–01:05 holds 150 s Idle and 150 s Error: the tie goes to Error, the first in the timeline order.
    expect(points[12]).toMatchObject({ time: '01:00', status: 'Error' });
    expect(points.find((point) => point.time === '09:00')?.status).toBe('Printing'); // Preparation shows as Printing
    expect(points.at(-1)).toMatchObject({ time: '23:55', hour: 23, status: 'Error' });
  });

  it('gives the spring DST day 276 points and the autumn one 300, with local times', async () => {
    const spring = await answer<SystemTimeline>('system-timeline', `day=2026-03-29&systemGroup=DTG&system=${SERIAL}`);
    const points = spring.systemTimeLineDayResponse?.timeLineData ?? [];
    const { start, end } = localDay('2026-03-29');
    expect(points).toHaveLength(276);
    expect(points.map((point) => point.status)).toEqual(rawFiveMinuteStatuses(intervals, start, end));
    expect(points.some((point) => point.hour === 2)).toBe(false);
    expect(points.filter((point) => point.status !== null).length).toBeGreaterThan(200);

    const autumn = await answer<SystemTimeline>('system-timeline', `day=2026-10-25&systemGroup=DTG&system=${SERIAL}`);
    const autumnPoints = autumn.systemTimeLineDayResponse?.timeLineData ?? [];
    expect(autumnPoints).toHaveLength(300);
    expect(autumnPoints.filter((point) => point.time === '02:00')).toHaveLength(2);
    expect(autumnPoints.every((point) => point.status === null)).toBe(true);
  });

  it("gives a week's seven days of status shares equal to the raw intervals' shares, in the spec's order", async () => {
    for (const week of ['2026-03-23', '2026-03-30']) {
      const body = await answer<SystemTimeline>('system-timeline', `week=${week}&systemGroup=DTG&system=${SERIAL}`);
      expect(body.systemTimeLineDayResponse).toBeNull();
      const days = body.systemTimeLineGraphResponse.systemTimeLineGraphData;
      expect(days).toHaveLength(7);
      days.forEach((entry, index) => {
        const day = addDays(week, index);
        expect(entry.date).toBe(day.replaceAll('-', ''));
        expect(entry.statuses.map((share) => share.status)).toEqual([
          'Error',
          'Maintenance',
          'Idle',
          'Printing',
          'Not Reporting',
        ]);
        const { start, end } = localDay(day);
        expect(entry.statuses.map((share) => share.percentage)).toEqual(rawStatusShares(intervals, start, end));
      });
    }
    const summary = (
      await answer<SystemTimeline>('system-timeline', `day=${HAND_DAY}&systemGroup=DTG&system=${SERIAL}`)
    ).systemTimeLineSummeryResponse.systemTimeLineSummeryData;
    expect(summary.map((entry) => [entry.status, entry.colour])).toEqual([
      ['Error', '#FF404F'],
      ['Maintenance', '#FFAB2B'],
      ['Idle', '#5E7EBF'],
      ['Printing', '#1BB934'],
      ['Not Reporting', '#C5D0DE'],
    ]);
    // Error: 01:02:30–01:07:30 and 23:50–24:00 = 900 s; Maintenance 20 min; Printing incl. Preparation 6h52m30s + 3h40m + 6h.
    expect(summary.map((entry) => entry.seconds)).toEqual([900, 1200, 3750 + 5.833333333333333 * 3600, 59_550, 0]);
  });
});

describe('cards', () => {
  it("gives the system's KPIs from raw rows, against last week and against the fleet", async () => {
    const day = WORKDAY;
    const body = await answer<SystemPageCards>('cards', `day=${day}&systemGroup=DTG&system=${SERIAL}`);
    const own = rawKpis(rawPeriodMeasures(rows, [SERIAL], dayOf(day)), 'DTG');
    const fleet = rawKpis(rawPeriodMeasures(rows, REPORT_SERIALS.DTG, dayOf(day)), 'DTG');
    expect(own.production).toBeGreaterThan(0);
    expect(body.production.value).toBeCloseTo(own.production, 6);
    expect(body.production.againstFleet.previous).toBeCloseTo(fleet.production / REPORT_SERIALS.DTG.length, 6);
    expect(body.productionRate.value).toBeCloseTo(own.productionRate, 6);
    expect(body.productionRate.againstFleet.previous).toBeCloseTo(fleet.productionRate, 6);
    expect(body.availability.value).toBeCloseTo(own.availability, 6);
    expect(body.availability.againstFleet.previous).toBeCloseTo(fleet.availability, 6);
    expect(body.productivity?.value).toBeCloseTo(own.productivity, 6);
    expect(body.errorDuration).toBeCloseTo(own.errorSeconds, 6);
    expect(body.maintenanceDuration).toBeCloseTo(own.maintenanceSeconds, 6);
    // Nothing was simulated a week earlier: availability −1, so no change against last week.
    expect(body.lastWeekPeriod.startDay).toBe('2026-03-20');
    expect(body.availability.againstLastWeek).toMatchObject({ previous: -1, stats: null });
    expect(body.production.againstLastWeek).toMatchObject({ previous: 0, stats: null });
    expect(body).toMatchObject({
      systemSerialGk: SERIAL,
      systemModel: expect.any(String) as string,
      printerImage: '/images/printers/dtg.svg',
      isNotReportingPeriod: false,
    });
    expect(body.appVersion).not.toBeNull();
  });

  it("reports a hand-made day's error and maintenance time", async () => {
    const body = await answer<SystemPageCards>('cards', `day=${HAND_DAY}&systemGroup=DTG&system=${SERIAL}`);
    expect(body.errorDuration).toBe(900);
    expect(body.maintenanceDuration).toBe(1200);
    expect(body.errorPercentage).toBeCloseTo(900 / 86_400, 9);
    expect(body.availabilityTotalDurationReported).toBe(86_400);
  });
});

describe('messages, ink, Qualiset', () => {
  it("lists the day's messages by count then duration, 'Other' (and no message) last", async () => {
    const body = await answer<SystemMessages>(
      'error-maintenance-messages',
      `day=${HAND_DAY}&systemGroup=DTG&system=${SERIAL}`,
    );
    expect(body.errorTableData.messageTableData).toEqual([
      { message: 'Head clog', codes: ['E1', 'E2'], count: 2, durationSeconds: 900, durationShare: 900 / 4020 },
      { message: 'Paper jam', codes: ['E3'], count: 1, durationSeconds: 1200, durationShare: 1200 / 4020 },
      { message: 'Other', codes: ['E8', 'E9'], count: 3, durationSeconds: 1920, durationShare: 1920 / 4020 },
    ]);
    // The open Wiper event counts up to the end of the day.
    expect(body.maintenanceTableData.messageTableData.map((row) => [row.message, row.durationSeconds])).toEqual([
      ['Wiper', 3600],
      ['Daily cleaning', 1200],
    ]);
  });

  it('gives ink used and loaded per colour in ml, 0 per unit without production', async () => {
    const hand = await answer<SystemInkTable>('ink-table', `day=${HAND_DAY}&systemGroup=DTG&system=${SERIAL}`);
    expect(hand.colorData).toEqual([
      { colorName: 'Total', consumedMl: 0, loadedMl: 2500, bottlesLoaded: 3, perUnitMl: 0 },
      { colorName: 'Color', consumedMl: 0, loadedMl: 500, bottlesLoaded: 1, perUnitMl: 0 },
      { colorName: 'white', consumedMl: 0, loadedMl: 2000, bottlesLoaded: 2, perUnitMl: 0 },
    ]);
    const day = WORKDAY;
    const simulated = await answer<SystemInkTable>('ink-table', `day=${day}&systemGroup=DTG&system=${SERIAL}`);
    const { start, end } = localDay(day);
    const jobs = await h.database.db
      .selectFrom('jobs')
      .innerJoin('systems', (join) =>
        join.onRef('systems.tenant_id', '=', 'jobs.tenant_id').onRef('systems.id', '=', 'jobs.system_id'),
      )
      .where('systems.serial_number', '=', SERIAL)
      .where('jobs.ended_at', '>=', new Date(start))
      .where('jobs.ended_at', '<', new Date(end))
      .selectAll('jobs')
      .execute();
    const loads = await h.database.db
      .selectFrom('ink_loads')
      .innerJoin('systems', (join) =>
        join.onRef('systems.tenant_id', '=', 'ink_loads.tenant_id').onRef('systems.id', '=', 'ink_loads.system_id'),
      )
      .where('systems.serial_number', '=', SERIAL)
      .where('ink_loads.loaded_at', '>=', new Date(start))
      .where('ink_loads.loaded_at', '<', new Date(end))
      .select(['ink_loads.colour', 'ink_loads.volume_ul'])
      .execute();
    // Spec reports §3: Total, Color (cyan, magenta, yellow), black, white, FOF, Softener; §9: ink ÷ 1000.
    const groups: [string, string[]][] = [
      ['Total', ['cyan', 'magenta', 'yellow', 'black', 'white', 'fof', 'softener']],
      ['Color', ['cyan', 'magenta', 'yellow']],
      ['black', ['black']],
      ['white', ['white']],
      ['FOF', ['fof']],
      ['Softener', ['softener']],
    ];
    const impressions = jobs.reduce((sum, job) => sum + job.impressions, 0);
    const expected = groups.flatMap(([colorName, colours]) => {
      const used = jobs.reduce(
        (sum, job) =>
          sum + colours.reduce((part, colour) => part + Number(job[`ink_${colour}_ul` as 'ink_black_ul']), 0),
        0,
      );
      const loaded = loads.filter((load) => colours.includes(load.colour));
      const loadedMl = loaded.reduce((sum, load) => sum + load.volume_ul, 0) / 1000;
      if (colorName !== 'Total' && used === 0 && loadedMl === 0) return [];
      return [
        {
          colorName,
          consumedMl: used / 1000,
          loadedMl,
          bottlesLoaded: loaded.length,
          perUnitMl: used / 1000 / impressions,
        },
      ];
    });
    expect(impressions).toBeGreaterThan(0);
    expect(simulated.colorData.map((row) => row.colorName)).toEqual(expected.map((row) => row.colorName));
    simulated.colorData.forEach((row, index) => {
      const reference = expected[index];
      expect(row.consumedMl).toBeCloseTo(reference?.consumedMl ?? NaN, 6);
      expect(row.loadedMl).toBeCloseTo(reference?.loadedMl ?? NaN, 6);
      expect(row.bottlesLoaded).toBe(reference?.bottlesLoaded);
      expect(row.perUnitMl).toBeCloseTo(reference?.perUnitMl ?? NaN, 9);
    });
    expect(simulated.isToday).toBe(false);
  });

  it('lists the Qualiset results of the period, latest first, with the pass rate', async () => {
    const body = await answer<SystemQualiset>('qualiset', `day=${HAND_DAY}&systemGroup=DTG&system=${SERIAL}`);
    expect(body).toMatchObject({ tests: 3, passed: 2, passRate: 2 / 3 });
    expect(body.results.map((result) => [result.testName, result.passed, result.score])).toEqual([
      ['Nozzle check', true, null],
      ['Colour target', false, 71.5],
      ['Nozzle check', true, 98],
    ]);
  });
});

describe('open errors', () => {
  // DTF-20001 (Berlin) has no simulated data after 29 March: a hand-made stretch around 31 March covers each rule.
  const PRINTER = 'DTF-20001';
  const NEXT = addDays(HAND_DAY, 1);

  /** Error events open at `at` computed from the raw rows alone (docs/kpi-glossary.md "Open error"). */
  async function rawOpenErrors(systemId: string, at: Date) {
    const db = h.database.db;
    const events = await db
      .selectFrom('events')
      .where('tenant_id', '=', REPORT_TENANT)
      .where('system_id', '=', systemId)
      .selectAll()
      .execute();
    const statuses = await db
      .selectFrom('status_intervals')
      .where('tenant_id', '=', REPORT_TENANT)
      .where('system_id', '=', systemId)
      .select(['status', 'started_at'])
      .execute();
    const time = (value: Date | string) => new Date(value).getTime();
    const recoveredAfter = (start: number) =>
      statuses.some(
        (status) =>
          ['Printing', 'Preparation', 'Idle'].includes(status.status) &&
          time(status.started_at) > start &&
          time(status.started_at) < at.getTime(),
      );
    return events
      .filter((event) => event.kind === 'error' && time(event.started_at) < at.getTime())
      .filter((event) =>
        event.ended_at === null ? !recoveredAfter(time(event.started_at)) : time(event.ended_at) > at.getTime(),
      )
      .sort((a, b) => time(b.started_at) - time(a.started_at) || a.code.localeCompare(b.code))
      .map((event) => event.code);
  }

  beforeAll(async () => {
    const base = { tenant_id: REPORT_TENANT, system_id: await systemIdOf(PRINTER) };
    const before = addDays(HAND_DAY, -1);
    const statuses: [string, Date, Date][] = [
      ['Idle', at(addDays(HAND_DAY, -2), '08:00'), at(addDays(HAND_DAY, -2), '08:30')],
      ['Printing', at(HAND_DAY, '08:00'), at(HAND_DAY, '12:00')],
      ['Maintenance', at(HAND_DAY, '21:00'), at(HAND_DAY, '22:00')],
      ['Error', at(HAND_DAY, '22:00'), at(NEXT, '00:30')],
      ['NotReporting', at(NEXT, '00:30'), at(NEXT, '06:00')],
    ];
    await h.database.db
      .insertInto('status_intervals')
      .values(
        statuses.map(([status, started_at, ended_at], index) => ({
          ...base,
          id: `open-status-${index}`,
          status: status as 'Idle',
          started_at,
          ended_at,
        })),
      )
      .execute();
    const events: [string, 'error' | 'maintenance', Date, Date | null][] = [
      // Sent open two days before; the printer idled the day after: recovered.
      ['E-RECOVERED-EARLIER', 'error', at(addDays(HAND_DAY, -2), '07:00'), null],
      // Crosses the day's end from the day before: open at the end of the day.
      ['E-FROM-YESTERDAY', 'error', at(before, '20:00'), at(NEXT, '02:00')],
      // Sent open, then printing from 08:00: recovered.
      ['E-RECOVERED', 'error', at(HAND_DAY, '07:00'), null],
      // Ends after the day's end: open at it.
      ['E-PAST-MIDNIGHT', 'error', at(HAND_DAY, '13:00'), at(NEXT, '01:00')],
      ['E-CLOSED', 'error', at(HAND_DAY, '14:00'), at(HAND_DAY, '14:30')],
      // Maintenance is not an error, open or not.
      ['M-OPEN', 'maintenance', at(HAND_DAY, '21:00'), null],
      // Sent open; Error and Not Reporting since: still open.
      ['E-NO-END', 'error', at(HAND_DAY, '22:00'), null],
      // Starts after the day.
      ['E-NEXT-DAY', 'error', at(NEXT, '00:10'), null],
    ];
    await h.database.db
      .insertInto('events')
      .values(
        events.map(([code, kind, started_at, ended_at], index) => ({
          ...base,
          id: `open-event-${index}`,
          kind,
          code,
          message: index === 4 ? '' : `Message of ${code}`,
          started_at,
          ended_at,
        })),
      )
      .execute();
  });

  it('lists the errors open at the end of the day, latest first, equal to the raw rows', async () => {
    const body = await answer<SystemMessages>(
      'error-maintenance-messages',
      `day=${HAND_DAY}&systemGroup=DTF&system=${PRINTER}`,
    );
    const end = at(NEXT, '00:00');
    expect(body.openErrors).toMatchObject({ at: end.toISOString(), atPeriodEnd: true });
    expect(body.openErrors.events.map((event) => event.code)).toEqual([
      'E-NO-END',
      'E-PAST-MIDNIGHT',
      'E-FROM-YESTERDAY',
    ]);
    expect(body.openErrors.events.map((event) => event.code)).toEqual(
      await rawOpenErrors(await systemIdOf(PRINTER), end),
    );
    expect(body.openErrors.events[0]).toEqual({
      code: 'E-NO-END',
      message: 'Message of E-NO-END',
      startedAt: at(HAND_DAY, '22:00').toISOString(),
      endedAt: null,
    });
    expect(body.openErrors.events[1]?.endedAt).toBe(at(NEXT, '01:00').toISOString());
  });

  it('judges the next day at its own end: the errors that ended in it are no longer open', async () => {
    const body = await answer<SystemMessages>(
      'error-maintenance-messages',
      `day=${NEXT}&systemGroup=DTF&system=${PRINTER}`,
    );
    const end = at(addDays(NEXT, 1), '00:00');
    expect(body.openErrors.events.map((event) => event.code)).toEqual(['E-NEXT-DAY', 'E-NO-END']);
    expect(body.openErrors.events.map((event) => event.code)).toEqual(
      await rawOpenErrors(await systemIdOf(PRINTER), end),
    );
  });

  it("judges today's errors now: the open one sent without an end is still open", async () => {
    const before = Date.now();
    const today = localDayOf(before, BERLIN);
    const body = await answer<SystemMessages>(
      'error-maintenance-messages',
      `day=${today}&systemGroup=DTF&system=${PRINTER}`,
    );
    const judged = Date.parse(body.openErrors.at);
    expect(body.openErrors.atPeriodEnd).toBe(false);
    expect(judged).toBeGreaterThanOrEqual(before);
    expect(judged).toBeLessThanOrEqual(Date.now());
    expect(body.openErrors.events.map((event) => event.code)).toEqual(
      await rawOpenErrors(await systemIdOf(PRINTER), new Date(judged)),
    );
    expect(body.openErrors.events.map((event) => event.code)).toEqual(['E-NEXT-DAY', 'E-NO-END']);
  });

  it('has none on a day whose errors all ended in it', async () => {
    const body = await answer<SystemMessages>(
      'error-maintenance-messages',
      `day=${HAND_DAY}&systemGroup=DTG&system=${SERIAL}`,
    );
    expect(body.openErrors.events).toEqual([]);
    expect(await rawOpenErrors(await systemIdOf(SERIAL), at(NEXT, '00:00'))).toEqual([]);
  });
});

describe('impressions, availability and achievement', () => {
  it('gives the production cards and the hourly availability from the same numbers as raw rows', async () => {
    const day = WORKDAY;
    const own = rawKpis(rawPeriodMeasures(rows, [SERIAL], dayOf(day)), 'DTG');
    const cards = await answer<SystemImpressionsCards>(
      'impressions-cards',
      `day=${day}&systemGroup=DTG&system=${SERIAL}`,
    );
    expect(cards.totalProduction.value).toBeCloseTo(own.production, 6);
    expect(cards.productionRate.value).toBeCloseTo(own.productionRate, 6);
    const availability = await answer<SystemAvailabilityTimeline>(
      'availability-and-timeline',
      `day=${day}&systemGroup=DTG&system=${SERIAL}`,
    );
    expect(availability.timeLineGranularity).toBe('hour');
    expect(availability.records).toHaveLength(24);
    expect(availability.availability.value).toBeCloseTo(own.availability, 6);
    availability.records.forEach((record, hour) => {
      const period = { ...dayOf(day), startHour: hour, endHour: hour };
      expect(record.date).toBe(`${day}T${String(hour).padStart(2, '0')}:00`);
      expect(record.availability).toBeCloseTo(
        rawKpis(rawPeriodMeasures(rows, [SERIAL], period), 'DTG').availability,
        6,
      );
    });
    const spring = await answer<SystemAvailabilityTimeline>(
      'availability-and-timeline',
      `day=2026-03-29&systemGroup=DTG&system=${SERIAL}&timeLineGranularity=hour`,
    );
    expect(spring.records).toHaveLength(23);
  });

  it('gives impressions against the shift targets spread over the shift time', async () => {
    const day = WORKDAY;
    const body = await answer<SystemAchievement>('achievement', `week=${day}&systemGroup=DTG&system=${SERIAL}`);
    expect(body.timeLineGranularity).toBe('day');
    expect(body.records.map((record) => record.date)).toEqual(
      Array.from({ length: 7 }, (_, index) => addDays('2026-03-23', index)),
    );
    const targets = await h.database.db
      .selectFrom('shift_targets')
      .innerJoin('shifts', (join) =>
        join
          .onRef('shifts.tenant_id', '=', 'shift_targets.tenant_id')
          .onRef('shifts.id', '=', 'shift_targets.shift_id'),
      )
      .innerJoin('systems', (join) =>
        join
          .onRef('systems.tenant_id', '=', 'shift_targets.tenant_id')
          .onRef('systems.id', '=', 'shift_targets.system_id'),
      )
      .where('systems.serial_number', '=', SERIAL)
      .select(['shifts.starts_at', 'shifts.ends_at', 'shifts.weekdays', 'shift_targets.target_impressions'])
      .execute();
    // A day's target: each shift worked that day or the day before, its target times the share of its time in the day.
    const targetOf = (localDayStart: string) => {
      const { start, end } = localDay(localDayStart);
      let target = 0;
      for (const shift of targets) {
        for (const shiftDay of [addDays(localDayStart, -1), localDayStart]) {
          const weekday = ((new Date(`${shiftDay}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
          if (!shift.weekdays.includes(weekday)) continue;
          const [sh = 0, sm = 0] = shift.starts_at.split(':').map(Number);
          const [eh = 0, em = 0] = shift.ends_at.split(':').map(Number);
          const s = localTimeToInstant(shiftDay, sh * 60 + sm, BERLIN);
          const e = localTimeToInstant(shiftDay, (eh * 60 + em <= sh * 60 + sm ? 24 * 60 : 0) + eh * 60 + em, BERLIN);
          const overlap = Math.max(0, Math.min(end, e) - Math.max(start, s));
          target += (shift.target_impressions * overlap) / (e - s);
        }
      }
      return target;
    };
    for (const record of body.records) {
      expect(record.target).toBeCloseTo(targetOf(record.date), 6);
      const impressions = rawPeriodMeasures(rows, [SERIAL], dayOf(record.date)).impressions;
      expect(record.impressions).toBe(impressions);
    }
    expect(body.target).toBeGreaterThan(0);
    expect(body.achievement).toBeCloseTo(body.impressions / body.target, 9);
  });
});

describe('error-maintenance-file', () => {
  /** The sheet's rows below the header, as plain values. */
  async function sheetRows(payload: Buffer): Promise<unknown[][]> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(payload).buffer);
    return (workbook.worksheets[0]?.getSheetValues() ?? []).slice(2).map((row) => (row as unknown[]).slice(1));
  }

  it("streams the events that started in the day, named by the serial's last word and the day", async () => {
    const file = await get('error-maintenance-file', `day=${HAND_DAY}&systemGroup=DTG&system=${SERIAL}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${SERIAL}_Events_${HAND_DAY}.xlsx"`);
    const { start, end } = localDay(HAND_DAY);
    const events = await h.database.db
      .selectFrom('events')
      .where('tenant_id', '=', REPORT_TENANT)
      .where('system_id', '=', await systemIdOf(SERIAL))
      .where('started_at', '>=', new Date(start))
      .where('started_at', '<', new Date(end))
      .select(['kind', 'code', 'message', 'started_at'])
      .orderBy('started_at')
      .execute();
    expect(events).toHaveLength(8);
    const sheet = await sheetRows(file.rawPayload);
    // An empty cell (the event without a message) reads back as undefined.
    expect(sheet.map((row) => [row[0], row[1], row[4], row[5] ?? ''])).toEqual(
      events.map((event) => [event.kind === 'error' ? 'Error' : 'Maintenance', SERIAL, event.code, event.message]),
    );
    // Start times on the site's clock, date-times (read back as Dates whose UTC fields are the wall clock) with their
    // UTC offset; the open event has no end, no end offset and no duration.
    expect(sheet[0]?.slice(6, 8)).toEqual([new Date(`${HAND_DAY}T02:00:00Z`), '+02:00']);
    expect(sheet.at(-1)?.slice(6)).toEqual([new Date(`${HAND_DAY}T23:00:00Z`), '+02:00']);
  });

  it("writes the autumn DST change's repeated 02:30 twice, as date-times told apart by their UTC offsets", async () => {
    const base = { tenant_id: REPORT_TENANT, system_id: await systemIdOf(SERIAL), kind: 'error' as const };
    // 02:30 in Berlin at +02:00 (00:30 UTC), and again at +01:00 (01:30 UTC), each 40 minutes long: the first ends at
    // 02:10 after the clocks went back.
    await h.database.db
      .insertInto('events')
      .values(
        ['00:30', '01:30'].map((utc, index) => ({
          ...base,
          id: `autumn-${index}`,
          code: `E${index}`,
          message: 'Head clog',
          started_at: new Date(`2026-10-25T${utc}:00Z`),
          ended_at: new Date(new Date(`2026-10-25T${utc}:00Z`).getTime() + 40 * 60_000),
        })),
      )
      .execute();
    const file = await get('error-maintenance-file', `day=2026-10-25&systemGroup=DTG&system=${SERIAL}`);
    expect(file.statusCode).toBe(200);
    const wallClock = (time: string) => new Date(`2026-10-25T${time}:00Z`);
    expect((await sheetRows(file.rawPayload)).map((row) => row.slice(6))).toEqual([
      [wallClock('02:30'), '+02:00', wallClock('02:10'), '+01:00', 2400],
      [wallClock('02:30'), '+01:00', wallClock('03:10'), '+01:00', 2400],
    ]);
  });

  it('names a list of systems Events_End_Errors_Report, answers 204 for none and 205 above the limit', async () => {
    const list = await get(
      'error-maintenance-file',
      `day=${HAND_DAY}&systemGroup=DTG&system=${SERIAL}&system=DTG-10003`,
    );
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-disposition']).toBe('attachment; filename="Events_End_Errors_Report.xlsx"');
    expect(await sheetRows(list.rawPayload)).toHaveLength(8);
    const none = await get('error-maintenance-file', `day=2026-03-20&systemGroup=DTG&system=${SERIAL}`);
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');
    const tooMany = await get('error-maintenance-file', `week=${HAND_DAY}&systemGroup=DTG&system=${SERIAL}`);
    expect(tooMany.statusCode).toBe(205);
    expect(tooMany.body).toBe('');
    const outside = await get(
      'error-maintenance-file',
      `day=${HAND_DAY}&systemGroup=DTG&system=DTG-10002`,
      berlinReader,
    );
    expect(outside.statusCode).toBe(404);
  });
});

describe('GET /api/system-data/settings', () => {
  const settings = async (query: string, identity: TestIdentity = reportAdmin) =>
    h.app.inject({
      method: 'GET',
      url: `/api/system-data/settings?${query}`,
      headers: { authorization: await h.bearer(identity) },
    });

  it('gives the latest value of each parameter up to the period end, min and max as numbers, null values dropped', async () => {
    const systemId = await systemIdOf(SERIAL);
    const parameter = (
      id: string,
      recordedAt: Date,
      name: string,
      value: unknown,
      range: Record<string, unknown> = {},
    ) => ({
      kind: 'parameter',
      id,
      serial: SERIAL,
      recordedAt: recordedAt.toISOString(),
      name,
      value,
      ...range,
    });
    const result = await ingestTelemetry(h.database.db, REPORT_TENANT, [
      parameter('p1', at(HAND_DAY, '09:00'), 'HeadTemperature', 41.5, { min: 20, max: 60 }),
      parameter('p2', at(HAND_DAY, '10:00'), 'HeadTemperature', 42, { min: 20, max: 60 }),
      parameter('p3', at(addDays(HAND_DAY, 1), '08:00'), 'HeadTemperature', 99, { min: 20, max: 60 }),
      parameter('p4', at(HAND_DAY, '09:00'), 'InkMode', 'Eco', { min: 'low', max: null }),
      parameter('p5', at(HAND_DAY, '09:00'), 'Speed', '12.5', { min: '5', max: '20' }),
      parameter('p6', at(HAND_DAY, '09:00'), 'Disabled', null),
      parameter('p7', at(HAND_DAY, '09:00'), 'Heater', true),
    ]);
    expect(result.rejected).toEqual([]);
    const day = await settings(`systemId=${systemId}&day=${HAND_DAY}`);
    expect(day.statusCode, day.body).toBe(200);
    const body = day.json<MachineSettings>();
    expect(body.device).toMatchObject({
      id: systemId,
      name: SERIAL,
      systemGroup: 'DTG',
      image: '/images/printers/dtg.svg',
    });
    // The seeded fleet's simulator also reports its own parameters for this printer: compare the ones ingested here.
    const ingested = new Set(['HeadTemperature', 'Heater', 'InkMode', 'Speed', 'Disabled']);
    const own = body.params.filter((param) => ingested.has(param.name));
    expect(own.map(({ recordedAt: _recordedAt, ...param }) => param)).toEqual([
      { name: 'HeadTemperature', value: 42, min: 20, max: 60 },
      { name: 'Heater', value: 'true' },
      { name: 'InkMode', value: 'Eco' },
      { name: 'Speed', value: 12.5, min: 5, max: 20 },
    ]);
    const week = (await settings(`systemId=${systemId}&week=${HAND_DAY}`)).json<MachineSettings>();
    expect(week.params.find((param) => param.name === 'HeadTemperature')?.value).toBe(99);
    expect(week.period).toMatchObject({ timeframe: 'week', startDay: '2026-03-30', endDay: '2026-04-05' });
  });

  it("answers another tenant's or another site's system 404, and a bad query 400", async () => {
    const newark = await systemIdOf('DTG-10002');
    expect((await settings(`systemId=${newark}&day=${HAND_DAY}`, berlinReader)).statusCode).toBe(404);
    expect((await settings(`systemId=${newark}&day=${HAND_DAY}`, otherAdmin)).statusCode).toBe(404);
    expect((await settings(`systemId=missing&day=${HAND_DAY}`)).statusCode).toBe(404);
    for (const query of [`systemId=${newark}`, `systemId=${newark}&day=2026-13-01`, `day=${HAND_DAY}`]) {
      expect((await settings(query)).statusCode, query).toBe(400);
    }
  });
});

describe('scope and input', () => {
  it("answers another tenant's, another site's and a missing serial alike with 404, never their data", async () => {
    const query = (serial: string) => `day=${HAND_DAY}&systemGroup=DTG&system=${serial}`;
    const missing = await get('cards', query('DTG-99999'));
    expect(missing.statusCode).toBe(404);
    const otherTenant = await get('cards', query(SERIAL), otherAdmin);
    const otherSite = await get('system-timeline', query('DTG-10002'), berlinReader);
    for (const response of [otherTenant, otherSite]) {
      expect(response.statusCode).toBe(404);
      expect(response.json<ApiErrorBody>().message).toBe(missing.json<ApiErrorBody>().message);
    }
    expect((await get('cards', `day=${HAND_DAY}&systemGroup=DTF&system=${SERIAL}`)).statusCode).toBe(404);
    // A super user acting in the tenant sees every system of it.
    expect((await get('cards', query(SERIAL), superUser)).statusCode).toBe(200);
  });

  it('answers a bad serial, day, granularity or period with 400 and the schema error', async () => {
    const cases = [
      `day=2026-02-30&systemGroup=DTG&system=${SERIAL}`,
      `day=${HAND_DAY}&week=${HAND_DAY}&systemGroup=DTG&system=${SERIAL}`,
      `custom=2026-03-01/2026-03-02&systemGroup=DTG&system=${SERIAL}`,
      `day=${HAND_DAY}&systemGroup=DTG&system=`,
      `day=${HAND_DAY}&systemGroup=DTG`,
      `day=${HAND_DAY}&systemGroup=DTG&system=${SERIAL}&timeLineGranularity=minute`,
    ];
    for (const query of cases) {
      const response = await get('availability-and-timeline', query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<ApiErrorBody>().message).toMatch(/querystring/);
    }
  });
});
