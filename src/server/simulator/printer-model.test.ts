import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { SystemGroup } from '../../shared/system-group.ts';
import { sizeCategoryOf } from '../ingest/measures.ts';
import { telemetryRecordSchema, type TelemetryRecord } from '../ingest/telemetry.schema.ts';
import { planFleet, siteOf, type FleetPlan } from './fleet-plan.ts';
import { GROUP_BEHAVIOUR } from './group-behaviour.ts';
import { addDays, daysFromTo, localDayBounds, localDayOf } from '../../shared/time/local-time.ts';
import {
  MACHINE_PARAMETERS,
  QUALISET_PASS_SCORE,
  QUALISET_TESTS,
  simulatedSystemOf,
  simulateSystemDay,
} from './printer-model.ts';
import { rngFor } from './rng.ts';
import { simulatePlannedSystemDay } from './simulate.ts';

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, discriminator: true, allErrors: true });
const validate = ajv.compile(telemetryRecordSchema);

const plan = planFleet({ seed: 42 });
const WEEK = daysFromTo('2026-03-23', '2026-03-29');

type Job = Extract<TelemetryRecord, { kind: 'job' }>;
type Status = Extract<TelemetryRecord, { kind: 'status' }>;

function systemsOf(group: SystemGroup, fleet: FleetPlan = plan) {
  return fleet.systems.filter((system) => system.group === group);
}

function recordsOf(serial: string, days: readonly string[], fleet: FleetPlan = plan): TelemetryRecord[] {
  return days.flatMap((day) => simulatePlannedSystemDay(fleet, serial, day));
}

const jobsOf = (records: readonly TelemetryRecord[]) =>
  records.filter((record): record is Job => record.kind === 'job');
const statusesOf = (records: readonly TelemetryRecord[]) =>
  records.filter((record): record is Status => record.kind === 'status');

/** The first four printers of a group: enough variety, quick to simulate. */
const sample = (group: SystemGroup) => systemsOf(group).slice(0, 4);

describe('simulateSystemDay', () => {
  it('is deterministic: the same seed gives deep-equal records, another seed different ones', () => {
    const serials = ['DTG-10001', 'DTF-20001', 'APL-30001'];
    const first = serials.flatMap((serial) => recordsOf(serial, WEEK));
    const again = serials.flatMap((serial) => recordsOf(serial, WEEK, planFleet({ seed: 42 })));
    const other = serials.flatMap((serial) => recordsOf(serial, WEEK, planFleet({ seed: 43 })));
    expect(first.length).toBeGreaterThan(100);
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  });

  it('produces only records valid against the ingest schema, with unique ids, for every group', () => {
    for (const group of ['DTG', 'DTF', 'Apollo'] as const) {
      for (const system of sample(group)) {
        const records = recordsOf(system.serialNumber, WEEK);
        const invalid = records.filter((record) => !validate(record));
        expect(invalid, `${system.serialNumber}: ${ajv.errorsText(validate.errors)}`).toEqual([]);
        expect(new Set(records.map((record) => record.id)).size).toBe(records.length);
        expect(records.every((record) => record.serial === system.serialNumber)).toBe(true);
      }
    }
  });

  it.each([
    ['2026-03-29', 23],
    ['2026-10-25', 25],
    ['2026-06-15', 24],
  ])('tiles the Europe/Berlin day %s (%i h) with status intervals, no gaps or overlaps', (day, hours) => {
    const berlin = plan.systems.filter((system) => system.siteId === 'berlin');
    expect(berlin.length).toBeGreaterThan(2);
    const { start, end } = localDayBounds(day, 'Europe/Berlin');
    expect((end - start) / 3_600_000).toBe(hours);
    // Both DST days are Sundays: add a printer that works three shifts every day, through the changed night hour.
    const roundTheClock = {
      ...simulatedSystemOf(plan, berlin[0] ?? plan.systems[0]!),
      shifts: [
        { startMinute: 360, endMinute: 840, weekdays: [1, 2, 3, 4, 5, 6, 7] },
        { startMinute: 840, endMinute: 1320, weekdays: [1, 2, 3, 4, 5, 6, 7] },
        { startMinute: 1320, endMinute: 360, weekdays: [1, 2, 3, 4, 5, 6, 7] },
      ],
    };
    const subjects = [...berlin.map((system) => simulatedSystemOf(plan, system)), roundTheClock];
    let printed = 0;
    for (const subject of subjects) {
      expect(subject.timeZone).toBe('Europe/Berlin');
      // Many generator states per day: weekdays, weekends, gaps and errors all have to tile.
      for (let variant = 0; variant < 5; variant += 1) {
        const statuses = statusesOf(simulateSystemDay(subject, day, subject.timeZone, rngFor(variant, day)));
        expect(Date.parse(statuses[0]?.startedAt ?? '')).toBe(start);
        expect(Date.parse(statuses.at(-1)?.endedAt ?? '')).toBe(end);
        for (let index = 1; index < statuses.length; index += 1) {
          expect(statuses[index]?.startedAt).toBe(statuses[index - 1]?.endedAt);
        }
        expect(statuses.every((status) => Date.parse(status.endedAt) > Date.parse(status.startedAt))).toBe(true);
        printed += statuses.filter((status) => status.status === 'Printing').length;
      }
    }
    expect(printed).toBeGreaterThan(0);
  });

  it('tiles days in other time zones too (New York DST change, Shanghai)', () => {
    for (const [serial, day] of [
      ['DTG-10002', '2026-03-08'],
      ['DTG-10002', '2026-11-01'],
      ['APL-30001', '2026-03-29'],
    ] as const) {
      const system = plan.systems.find((candidate) => candidate.serialNumber === serial);
      if (system === undefined) throw new Error(serial);
      const subject = simulatedSystemOf(plan, system);
      const statuses = statusesOf(simulatePlannedSystemDay(plan, serial, day));
      const { start, end } = localDayBounds(day, subject.timeZone);
      const covered = statuses.reduce(
        (sum, status) => sum + Date.parse(status.endedAt) - Date.parse(status.startedAt),
        0,
      );
      expect(covered).toBe(end - start);
      expect(Date.parse(statuses[0]?.startedAt ?? '')).toBe(start);
    }
  });

  it('places every job inside a printing interval and every event on its Error/Maintenance interval', () => {
    for (const group of ['DTG', 'DTF', 'Apollo'] as const) {
      const system = sample(group)[0];
      if (system === undefined) throw new Error(group);
      for (const day of WEEK) {
        const records = simulatePlannedSystemDay(plan, system.serialNumber, day);
        const statuses = statusesOf(records);
        const dayStart = localDayBounds(day, simulatedSystemOf(plan, system).timeZone).start;
        for (const job of jobsOf(records)) {
          // A job from before midnight (overnight-job.test.ts) is inside this day's Printing from the day's start.
          const inside = statuses.some(
            (status) =>
              status.status === 'Printing' &&
              Date.parse(status.startedAt) <= Math.max(dayStart, Date.parse(job.startedAt)) &&
              Date.parse(job.endedAt) <= Date.parse(status.endedAt),
          );
          expect(inside, job.id).toBe(true);
        }
        for (const event of records.filter((record) => record.kind === 'event')) {
          const match = statuses.find(
            (status) => status.startedAt === event.startedAt && status.endedAt === event.endedAt,
          );
          expect(match?.status).toBe(event.type === 'error' ? 'Error' : 'Maintenance');
          expect(match?.code).toBe(event.code);
          expect(event.message?.length).toBeGreaterThan(0);
        }
      }
    }
  });
});

describe('per-group realism over a week', () => {
  it('DTF jobs carry a print mode 0–3 and a film length; all four modes occur', () => {
    const jobs = sample('DTF').flatMap((system) => jobsOf(recordsOf(system.serialNumber, WEEK)));
    expect(jobs.length).toBeGreaterThan(50);
    for (const job of jobs) {
      expect([0, 1, 2, 3]).toContain(job.printMode);
      expect(job.mediaLengthMm).toBeGreaterThan(0);
      expect(job.mediaWidthMm).toBeGreaterThan(0);
    }
    expect(new Set(jobs.map((job) => job.printMode))).toEqual(new Set([0, 1, 2, 3]));
  });

  it('DTG dark-garment share lies within 20–60 % of impressions, with white ink and pretreatment on dark garments', () => {
    for (const system of sample('DTG')) {
      const jobs = jobsOf(recordsOf(system.serialNumber, WEEK));
      const total = jobs.reduce((sum, job) => sum + job.impressions, 0);
      const dark = jobs.filter((job) => job.darkGarment === true);
      const share = dark.reduce((sum, job) => sum + job.impressions, 0) / total;
      expect(share, system.serialNumber).toBeGreaterThanOrEqual(0.2);
      expect(share, system.serialNumber).toBeLessThanOrEqual(0.6);
      expect(dark.every((job) => (job.inkUl?.white ?? 0) > 0 && job.pretreatment === true)).toBe(true);
      expect(jobs.filter((job) => job.darkGarment !== true).every((job) => (job.inkUl?.white ?? 0) === 0)).toBe(true);
    }
  });

  it('Apollo prints far more impressions per day than DTG', () => {
    const perDay = (group: SystemGroup) => {
      const systems = sample(group);
      const impressions = systems
        .flatMap((system) => jobsOf(recordsOf(system.serialNumber, WEEK)))
        .reduce((sum, job) => sum + job.impressions, 0);
      return impressions / (systems.length * WEEK.length);
    };
    expect(perDay('Apollo')).toBeGreaterThan(5 * perDay('DTG'));
  });

  it('spreads image areas over Small, Medium and Large in every group', () => {
    for (const group of ['DTG', 'DTF', 'Apollo'] as const) {
      const jobs = sample(group).flatMap((system) => jobsOf(recordsOf(system.serialNumber, WEEK)));
      expect(new Set(jobs.map((job) => sizeCategoryOf(job.imageAreaCm2 ?? 0))), group).toEqual(
        new Set(['small', 'medium', 'large']),
      );
    }
  });

  it('uses white, FOF and softener ink exactly where the group does', () => {
    expect(GROUP_BEHAVIOUR.Apollo.inks).toEqual(expect.arrayContaining(['white', 'fof', 'softener']));
    expect(GROUP_BEHAVIOUR.DTF.inks).toEqual(expect.arrayContaining(['white', 'softener']));
    expect(GROUP_BEHAVIOUR.DTG.inks).toContain('white');
    for (const group of ['DTG', 'DTF', 'Apollo'] as const) {
      const jobs = sample(group).flatMap((system) => jobsOf(recordsOf(system.serialNumber, WEEK)));
      const used = new Set(
        jobs.flatMap((job) =>
          Object.entries(job.inkUl ?? {})
            .filter(([, ul]) => ul > 0)
            .map(([c]) => c),
        ),
      );
      expect([...used].sort(), group).toEqual([...GROUP_BEHAVIOUR[group].inks].sort());
      expect(jobs.every((job) => Object.values(job.inkUl ?? {}).every((ul) => Number.isInteger(ul)))).toBe(true);
    }
  });

  it('loads ink bottles, reports errors and maintenance, not-reporting gaps and software updates over a quarter', () => {
    const days = daysFromTo('2026-01-05', '2026-04-05');
    const records = ['DTG-10001', 'DTF-20001', 'APL-30001'].flatMap((serial) => recordsOf(serial, days));
    const kinds = new Set(records.map((record) => record.kind));
    expect(kinds).toEqual(new Set(['status', 'job', 'event', 'ink_load', 'software_version', 'parameter', 'qualiset']));
    const events = records.filter((record) => record.kind === 'event');
    expect(new Set(events.map((event) => event.type))).toEqual(new Set(['error', 'maintenance']));
    // Multi-hour not-reporting gaps (gateway offline) on printers that idle rather than switch off outside shifts.
    const alwaysOn = plan.systems.filter((system) => !system.profile.offOutsideShifts).slice(0, 4);
    expect(alwaysOn.length).toBeGreaterThan(0);
    const longGaps = alwaysOn
      .flatMap((system) => statusesOf(recordsOf(system.serialNumber, days)))
      .filter(
        (status) =>
          status.status === 'NotReporting' &&
          Date.parse(status.endedAt) - Date.parse(status.startedAt) >= 2 * 3_600_000,
      );
    expect(longGaps.length).toBeGreaterThan(0);
    const updates = records.filter((record) => record.kind === 'software_version');
    expect(
      new Set(updates.map((update) => (update.kind === 'software_version' ? update.version : ''))).size,
    ).toBeGreaterThan(3);
  });

  it('runs the Qualiset tests on each day it prints, before its first job of the day; some fail', () => {
    const days = daysFromTo('2026-01-05', '2026-02-01');
    const system = plan.systems.find((candidate) => candidate.serialNumber === 'DTG-10001');
    const timeZone = system === undefined ? 'UTC' : siteOf(plan, system).timeZone;
    const results = [];
    for (const day of days) {
      const records = recordsOf('DTG-10001', [day]);
      const tests = records.filter((record) => record.kind === 'qualiset');
      // A job of the day: one that starts on it (an overnight job from the day before does not count).
      const starts = records
        .filter((record) => record.kind === 'job')
        .map((job) => Date.parse(job.startedAt))
        .filter((start) => localDayOf(start, timeZone) === day);
      if (starts.length === 0) {
        expect(tests, day).toEqual([]);
        continue;
      }
      expect(tests.map((test) => test.testName).sort(), day).toEqual(QUALISET_TESTS.map((test) => test.name).sort());
      for (const test of tests) {
        expect(Date.parse(test.measuredAt), day).toBeLessThan(Math.min(...starts));
        expect(localDayOf(Date.parse(test.measuredAt), timeZone), day).toBe(day);
        expect(test.passed).toBe((test.score ?? 0) >= QUALISET_PASS_SCORE);
        results.push(test);
      }
    }
    expect(results.length).toBeGreaterThan(0);
    expect(results.some((test) => !test.passed)).toBe(true);
    expect(results.some((test) => test.passed)).toBe(true);
  });

  it('reports each machine parameter once a day, numbers in their drawn range, some days outside the allowed one', () => {
    const days = daysFromTo('2026-01-05', '2026-02-01');
    const parameters = recordsOf('DTG-10001', days).filter((record) => record.kind === 'parameter');
    expect(parameters).toHaveLength(days.length * MACHINE_PARAMETERS.length);
    for (const spec of MACHINE_PARAMETERS) {
      const values = parameters.filter((record) => record.name === spec.name).map((record) => record.value);
      if (spec.text !== undefined) {
        expect(new Set(values)).toEqual(new Set([spec.text]));
        continue;
      }
      for (const value of values) {
        expect(typeof value).toBe('number');
        expect(value as number).toBeGreaterThanOrEqual(spec.low ?? 0);
        expect(value as number).toBeLessThanOrEqual(spec.high ?? 0);
      }
    }
    const outside = parameters.filter(
      (record) =>
        typeof record.value === 'number' &&
        ((typeof record.min === 'number' && record.value < record.min) ||
          (typeof record.max === 'number' && record.value > record.max)),
    );
    expect(outside.length).toBeGreaterThan(0);
  });

  it('sends every job on the local day it ends (a job counts where it ends)', () => {
    const system = sample('Apollo')[0];
    if (system === undefined) throw new Error('no Apollo');
    const subject = simulatedSystemOf(plan, system);
    for (const day of WEEK) {
      for (const job of jobsOf(simulatePlannedSystemDay(plan, system.serialNumber, day))) {
        expect(localDayOf(Date.parse(job.endedAt), subject.timeZone)).toBe(day);
      }
    }
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('OEE inputs of the simulated fleet', () => {
  const groups: SystemGroup[] = ['DTG', 'DTF', 'Apollo'];

  it('rejects a few percent of the jobs, deterministically by job id', () => {
    const jobs = groups.flatMap((group) =>
      sample(group).flatMap((system) => jobsOf(recordsOf(system.serialNumber, WEEK))),
    );
    const rejected = jobs.filter((job) => job.rejected === true);
    expect(rejected.length / jobs.length).toBeGreaterThan(0.01);
    expect(rejected.length / jobs.length).toBeLessThan(0.06);
    expect(jobs.filter((job) => job.rejected !== true).every((job) => job.rejected === undefined)).toBe(true);
    expect(rejected.map((job) => job.id)).toEqual(
      groups
        .flatMap((group) => sample(group).flatMap((system) => jobsOf(recordsOf(system.serialNumber, WEEK))))
        .filter((job) => job.rejected === true)
        .map((job) => job.id),
    );
  });

  it('gives every model an ideal rate no simulated job beats, and every site shifts from Monday to Friday', () => {
    for (const group of groups) {
      for (const system of sample(group)) {
        const model = plan.models.find((entry) => entry.tenantId === system.tenantId && entry.id === system.modelId);
        const ideal = model?.idealRatePerHour ?? 0;
        expect(ideal, system.modelId).toBeGreaterThan(0);
        for (const job of jobsOf(recordsOf(system.serialNumber, WEEK.slice(0, 3)))) {
          const hours = (Date.parse(job.endedAt) - Date.parse(job.startedAt)) / 3_600_000;
          const produced = group === 'DTF' ? (job.mediaLengthMm ?? 0) / 1000 : job.impressions;
          expect(produced / hours, job.id).toBeLessThanOrEqual(ideal);
        }
      }
    }
    for (const site of plan.sites) {
      const weekdays = new Set(site.shifts.flatMap((shift) => shift.weekdays));
      expect(
        [1, 2, 3, 4, 5].every((weekday) => weekdays.has(weekday)),
        site.id,
      ).toBe(true);
      expect(site.shifts.every((shift) => shift.startMinute % 60 === 0 && shift.endMinute % 60 === 0)).toBe(true);
    }
  });
});
