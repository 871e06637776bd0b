import type { SystemGroup } from '../../../src/shared/system-group.ts';
import { DEMO_PLAN_SEED, planFleet, siteOf } from '../../../src/server/simulator/fleet-plan.ts';
import { addDays, localDayBounds, localDayOf } from '../../../src/shared/time/local-time.ts';
import { lastCompleteDay, simulatePlannedSystemDay } from '../../../src/server/simulator/simulate.ts';

/**
 * Expected numbers of the demo fleet the e2e portal simulated on its first start, computed here from the simulator's
 * deterministic output (not from the database): the same plan and day give the same records.
 */
const plan = planFleet({ seed: DEMO_PLAN_SEED });

/**
 * The newest local day that has ended at every site and on which the tenant's `group` printed: its data is complete in
 * the portal, and the filter bar keeps it (it moves a day after the group's last day with data back to that day, so a
 * weekend without shifts would show the Friday).
 */
export function finishedProductionDay(tenantId: string, group: SystemGroup): string {
  const newest = lastCompleteDay(plan, new Date());
  // Within the week before: every demo printer works at least five days a week.
  for (let back = 0; back < 7; back += 1) {
    const day = addDays(newest, -back);
    if (simulatedImpressions(tenantId, group, day) > 0) return day;
  }
  throw new Error(`${tenantId} printed nothing on ${group} printers in the week up to ${newest}`);
}

/** The tenant's simulated printers of `group`, at every site or at one. */
function groupSystems(tenantId: string, group: SystemGroup, siteId?: string) {
  return plan.systems.filter(
    (system) =>
      system.tenantId === tenantId && system.group === group && (siteId === undefined || system.siteId === siteId),
  );
}

/** The time zones of the sites where the tenant has `group` printers (one site's with `siteId`). */
export function groupTimeZones(tenantId: string, group: SystemGroup, siteId?: string): string[] {
  return [...new Set(groupSystems(tenantId, group, siteId).map((system) => siteOf(plan, system).timeZone))];
}

/** Serial numbers of the tenant's `group` printers at one site. */
export function groupSerialsAt(tenantId: string, group: SystemGroup, siteId: string): string[] {
  return groupSystems(tenantId, group, siteId).map((system) => system.serialNumber);
}

/**
 * The newest local day on which one of the tenant's `group` printers started a job that had ended by `instant`: the last
 * day of the group's filter data (its report's default day) once the portal holds the fleet's telemetry up to then. The
 * day is the job's start in its site's time zone, not the simulated day that sent it: a job started before midnight
 * and ended after it comes with the next day's records (on a Sunday morning, Saturday night's last job at Newark).
 */
export function newestJobDay(tenantId: string, group: SystemGroup, instant: number): string {
  const today = new Date(instant).toISOString().slice(0, 10);
  let newest: string | null = null;
  // Sites east of UTC are up to 14 hours into the next day; every demo printer works at least five days a week.
  for (let back = -1; back < 8; back += 1) {
    const day = addDays(today, -back);
    for (const system of groupSystems(tenantId, group)) {
      const timeZone = siteOf(plan, system).timeZone;
      for (const record of simulatePlannedSystemDay(plan, system.serialNumber, day)) {
        if (record.kind !== 'job' || Date.parse(record.endedAt) > instant) continue;
        const started = localDayOf(Date.parse(record.startedAt), timeZone);
        if (newest === null || started > newest) newest = started;
      }
    }
  }
  if (newest === null) throw new Error(`${tenantId}'s ${group} printers ended no job in the week up to ${today}`);
  return newest;
}

/** Impressions of the tenant's printers of `group` on their local `day` (jobs count on the day they start). */
export function simulatedImpressions(tenantId: string, group: SystemGroup, day: string): number {
  return plan.systems
    .filter((system) => system.tenantId === tenantId && system.group === group)
    .flatMap((system) => simulatePlannedSystemDay(plan, system.serialNumber, day))
    .reduce((sum, record) => sum + (record.kind === 'job' ? record.impressions : 0), 0);
}

/** Serial numbers of the tenant's simulated printers. */
export function simulatedSerials(tenantId: string): string[] {
  return plan.systems.filter((system) => system.tenantId === tenantId).map((system) => system.serialNumber);
}

/** The simulator's records of one printer on its local `day` (what the portal ingested for it). */
function systemDayRecords(serialNumber: string, day: string) {
  return simulatePlannedSystemDay(plan, serialNumber, day);
}

/** Errors and maintenance events the simulator sent for one printer on its local `day`. */
export function simulatedEvents(serialNumber: string, day: string): number {
  return systemDayRecords(serialNumber, day).filter((record) => record.kind === 'event').length;
}

/** Impressions of one printer on its local `day`. */
export function simulatedSystemImpressions(serialNumber: string, day: string): number {
  return systemDayRecords(serialNumber, day).reduce(
    (sum, record) => sum + (record.kind === 'job' ? record.impressions : 0),
    0,
  );
}

/** The newest finished local day on which one printer printed and had at least one error or maintenance event. */
export function finishedSystemDayWithEvents(serialNumber: string): string {
  const newest = lastCompleteDay(plan, new Date());
  for (let back = 0; back < 14; back += 1) {
    const day = addDays(newest, -back);
    if (simulatedSystemImpressions(serialNumber, day) > 0 && simulatedEvents(serialNumber, day) > 0) return day;
  }
  throw new Error(`${serialNumber} had no day with jobs and events in the two weeks up to ${newest}`);
}

/** A machine parameter as the simulator sent it for one printer on its local `day`. */
export interface SimulatedParameter {
  name: string;
  value: string | number | boolean | null;
  min?: string | number | boolean | null;
  max?: string | number | boolean | null;
}

/** The machine parameters the simulator sent for one printer on its local `day`. */
export function simulatedParameters(serialNumber: string, day: string): SimulatedParameter[] {
  return systemDayRecords(serialNumber, day).flatMap((record) =>
    record.kind === 'parameter'
      ? [
          {
            name: record.name,
            value: record.value,
            ...('min' in record ? { min: record.min } : {}),
            ...('max' in record ? { max: record.max } : {}),
          },
        ]
      : [],
  );
}

/** A Qualiset test as the simulator sent it for one printer on its local `day`. */
export interface SimulatedQualiset {
  testName: string;
  passed: boolean;
  score: number | null;
}

/** The Qualiset tests the simulator ran for one printer on its local `day` (three before its first job of a printing day). */
export function simulatedQualiset(serialNumber: string, day: string): SimulatedQualiset[] {
  return systemDayRecords(serialNumber, day).flatMap((record) =>
    record.kind === 'qualiset'
      ? [{ testName: record.testName, passed: record.passed, score: record.score ?? null }]
      : [],
  );
}

/**
 * Errors the simulator sent for one printer that were still going on at the end of its local `day` (they started on
 * it or the day before and ended after it: docs/kpi-glossary.md "Open error"; the simulator always sends an end).
 */
export function simulatedOpenErrors(serialNumber: string, day: string): number {
  const system = plan.systems.find((candidate) => candidate.serialNumber === serialNumber);
  if (system === undefined) throw new Error(`${serialNumber} is not in the demo plan`);
  const { end } = localDayBounds(day, siteOf(plan, system).timeZone);
  return [addDays(day, -1), day]
    .flatMap((each) => systemDayRecords(serialNumber, each))
    .filter(
      (record) =>
        record.kind === 'event' &&
        record.type === 'error' &&
        Date.parse(record.startedAt) < end &&
        (record.endedAt == null || Date.parse(record.endedAt) > end),
    ).length;
}
