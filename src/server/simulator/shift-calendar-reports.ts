import type { TelemetryRecord } from '../ingest/telemetry.schema.ts';
import { PLAN_FIRST_DAY, siteOf, type FleetPlan, type PlannedSystem } from './fleet-plan.ts';

/**
 * What a simulated printer's gateway reports of the shift calendar: every shift of its site (the site's calendar, the
 * same `shiftId` from every printer there) and its own impressions target for each shift it works. Record ids name the
 * printer, the shift and the validity day, so reporting again on every start only finds duplicates, and a changed
 * calendar or target would be a new record with the day of the change.
 */

const wallClock = (minute: number) =>
  `${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

export function shiftCalendarRecords(plan: FleetPlan, system: PlannedSystem): TelemetryRecord[] {
  const serial = system.serialNumber;
  const shifts = siteOf(plan, system).shifts.map((shift): TelemetryRecord => ({
    kind: 'shift',
    id: `${serial}-shift-${shift.id}-${PLAN_FIRST_DAY}`,
    serial,
    shiftId: shift.id,
    name: shift.name,
    startsAt: wallClock(shift.startMinute),
    endsAt: wallClock(shift.endMinute),
    weekdays: shift.weekdays,
    validFrom: PLAN_FIRST_DAY,
  }));
  const targets = system.shiftIds.map((shiftId): TelemetryRecord => ({
    kind: 'shift_target',
    id: `${serial}-target-${shiftId}-${system.modelStartDate}`,
    serial,
    shiftId,
    validFrom: system.modelStartDate,
    targetImpressions: system.shiftTargetImpressions,
  }));
  // Shifts first: a target names a shift of the same batch.
  return [...shifts, ...targets];
}
