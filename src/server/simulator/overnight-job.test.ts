import { describe, expect, it } from 'vitest';
import type { TelemetryRecord } from '../ingest/telemetry.schema.ts';
import { addDays, daysFromTo, isoDayOfWeek, localDayOf } from '../../shared/time/local-time.ts';
import { planFleet } from './fleet-plan.ts';
import { simulatePlannedSystemDay } from './simulate.ts';

/**
 * Issue 10: the simulated fleet has jobs that cross the top of the hour, local midnight, Sunday→Monday and the year
 * end, so the rollup and report tests see them; the status intervals still tile each local day and every job lies inside
 * Printing time.
 */

type Job = Extract<TelemetryRecord, { kind: 'job' }>;
type Status = Extract<TelemetryRecord, { kind: 'status' }>;

const plan = planFleet({ seed: 7 });
const DAYS = [...daysFromTo('2025-12-24', '2026-01-06'), ...daysFromTo('2026-03-16', '2026-03-31')];
const systems = plan.systems.filter((system) => system.tenantId === 'northwind-textiles');
const zoneOf = (serial: string) => {
  const system = plan.systems.find((candidate) => candidate.serialNumber === serial);
  return plan.sites.find((site) => site.id === system?.siteId)?.timeZone ?? 'UTC';
};

const simulated = systems.map((system) => ({
  serial: system.serialNumber,
  timeZone: zoneOf(system.serialNumber),
  days: DAYS.map((day) => ({ day, records: simulatePlannedSystemDay(plan, system.serialNumber, day) })),
}));
const jobs = simulated.flatMap(({ serial, timeZone, days }) =>
  days.flatMap(({ day, records }) =>
    records.filter((record): record is Job => record.kind === 'job').map((job) => ({ serial, timeZone, day, job })),
  ),
);
const crossing = jobs.filter(
  ({ job, timeZone }) =>
    localDayOf(Date.parse(job.startedAt), timeZone) !== localDayOf(Date.parse(job.endedAt), timeZone),
);
/** The crossing jobs whose evening was simulated too. */
const withEvening = crossing.filter(({ day }) => DAYS.includes(addDays(day, -1)));

describe('jobs across boundaries in the simulated fleet', () => {
  it('has jobs across the top of the hour, local midnight, Sunday→Monday and the year end', () => {
    const hour = 3_600_000;
    expect(
      jobs.some(
        ({ job }) => Math.floor(Date.parse(job.startedAt) / hour) !== Math.floor(Date.parse(job.endedAt) / hour),
      ),
    ).toBe(true);
    expect(crossing.length).toBeGreaterThan(5);
    expect(crossing.some(({ day }) => isoDayOfWeek(day) === 1)).toBe(true);
    expect(crossing.some(({ day }) => day === '2026-01-01')).toBe(true);
  });

  it('sends a job that crosses midnight with the day it ends on, inside Printing time of both days', () => {
    expect(withEvening.length).toBeGreaterThan(0);
    for (const { serial, timeZone, day, job } of withEvening) {
      expect(localDayOf(Date.parse(job.endedAt), timeZone)).toBe(day);
      expect(job.id).toBe(`${serial}-${day}-job-night`);
      const statuses = (of: string) =>
        (
          simulated.find((entry) => entry.serial === serial)?.days.find((entry) => entry.day === of)?.records ?? []
        ).filter((record): record is Status => record.kind === 'status');
      const evening = statuses(addDays(day, -1)).at(-1);
      const morning = statuses(day)[0];
      // The day before ends printing from the job's start to midnight; the day itself starts printing until its end.
      expect(evening).toMatchObject({ status: 'Printing' });
      expect(Date.parse(evening?.startedAt ?? '')).toBeLessThanOrEqual(Date.parse(job.startedAt));
      expect(morning).toMatchObject({ status: 'Printing', startedAt: evening?.endedAt });
      expect(Date.parse(morning?.endedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(job.endedAt));
    }
  });

  it('puts every job inside Printing status time and tiles every day', () => {
    for (const { days } of simulated) {
      const statusesOfDay = days.map(({ records }) =>
        records.filter((record): record is Status => record.kind === 'status'),
      );
      // Consecutive simulated days meet at midnight: the evening's last interval ends where the morning's first starts.
      days.forEach(({ day }, index) => {
        const before = index > 0 ? days[index - 1] : undefined;
        if (before === undefined || addDays(before.day, 1) !== day) return;
        expect(statusesOfDay[index]?.[0]?.startedAt).toBe(statusesOfDay[index - 1]?.at(-1)?.endedAt);
      });
      const statuses = statusesOfDay.flat();
      const printing = statuses
        .filter((status) => status.status === 'Printing')
        .map((status) => ({ start: Date.parse(status.startedAt), end: Date.parse(status.endedAt) }));
      for (const [index, { day, records }] of days.entries()) {
        for (const job of records.filter((record): record is Job => record.kind === 'job')) {
          // Covered by consecutive Printing intervals from its start (or the first simulated midnight) to its end.
          const dayStart = Date.parse(statusesOfDay[index]?.[0]?.startedAt ?? '');
          let cursor = DAYS.includes(addDays(day, -1))
            ? Date.parse(job.startedAt)
            : Math.max(Date.parse(job.startedAt), dayStart);
          const end = Date.parse(job.endedAt);
          while (cursor < end) {
            const at = cursor;
            const covering = printing.find((status) => status.start <= at && status.end > at);
            expect(covering, `${job.id} at ${new Date(cursor).toISOString()}`).toBeDefined();
            cursor = covering?.end ?? end;
          }
        }
      }
    }
  });

  it('is deterministic: the same day gives the same records', () => {
    const [first] = systems;
    if (first === undefined) throw new Error('no system');
    expect(simulatePlannedSystemDay(plan, first.serialNumber, '2026-01-01')).toEqual(
      simulatePlannedSystemDay(plan, first.serialNumber, '2026-01-01'),
    );
  });
});
