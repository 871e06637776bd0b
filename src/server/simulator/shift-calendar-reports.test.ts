import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { telemetryRecordSchema, type TelemetryRecord } from '../ingest/telemetry.schema.ts';
import { DEMO_PLAN_SEED, PLAN_FIRST_DAY, planFleet, siteOf } from './fleet-plan.ts';
import { shiftCalendarRecords } from './shift-calendar-reports.ts';

const plan = planFleet({ seed: DEMO_PLAN_SEED });
const validate = new Ajv2020({ strict: true, allowUnionTypes: true, discriminator: true }).compile(
  telemetryRecordSchema,
);
const reported = plan.systems.map((system) => ({ system, records: shiftCalendarRecords(plan, system) }));
type Shift = Extract<TelemetryRecord, { kind: 'shift' }>;

describe('shift calendars the demo gateways report', () => {
  it('are valid telemetry records with ids unique in their tenant', () => {
    for (const { records } of reported) for (const record of records) expect(validate(record), record.id).toBe(true);
    for (const tenant of plan.tenants) {
      const ids = reported.filter(({ system }) => system.tenantId === tenant.id).flatMap(({ records }) => records);
      expect(new Set(ids.map((record) => record.id)).size, tenant.id).toBe(ids.length);
    }
  });

  it('give every demo site two or three shifts, the same from each of its printers, on whole hours', () => {
    for (const site of plan.sites) {
      const fromPrinters = reported
        .filter(({ system }) => system.tenantId === site.tenantId && system.siteId === site.id)
        .map(({ records }) => records.filter((record): record is Shift => record.kind === 'shift'));
      expect(fromPrinters.length, site.id).toBeGreaterThan(0);
      const definition = (shift: Shift) => ({ ...shift, id: '', serial: '' });
      for (const shifts of fromPrinters) {
        expect(shifts.length, site.id).toBeGreaterThanOrEqual(2);
        expect(shifts.length, site.id).toBeLessThanOrEqual(3);
        expect(shifts.map(definition), site.id).toEqual(fromPrinters[0]?.map(definition));
        for (const shift of shifts) {
          expect(shift.startsAt).toMatch(/^\d\d:00$/);
          expect(shift.endsAt).toMatch(/^\d\d:00$/);
          expect(shift.validFrom).toBe(PLAN_FIRST_DAY);
        }
      }
    }
  });

  it('give every printer a target for each shift it works, from its start date, after the shifts', () => {
    for (const { system, records } of reported) {
      const targets = records.filter((record) => record.kind === 'shift_target');
      expect(targets.map((target) => target.shiftId)).toEqual(system.shiftIds);
      expect(system.shiftIds.length).toBeGreaterThan(0);
      for (const target of targets) {
        expect(target).toMatchObject({
          serial: system.serialNumber,
          validFrom: system.modelStartDate,
          targetImpressions: system.shiftTargetImpressions,
        });
        expect(siteOf(plan, system).shifts.map((shift) => shift.id)).toContain(target.shiftId);
      }
      const lastShift = records.findLastIndex((record) => record.kind === 'shift');
      const firstTarget = records.findIndex((record) => record.kind === 'shift_target');
      expect(lastShift).toBeLessThan(firstTarget);
    }
  });
});
