import { describe, expect, it } from 'vitest';
import { DEMO_TENANTS } from '../fixtures/demo-tenants.ts';
import { LIVE_DASHBOARD_DEMO_TENANT_ID, planFleet, siteOf } from './fleet-plan.ts';

describe('planFleet', () => {
  it('plans the demo data set: three tenants, at least 40 systems, the main tenant with DTG and DTF on two sites', () => {
    const plan = planFleet({ seed: 1 });
    // One source of truth: the plan's tenants are the demo tenants accounts and config refer to.
    expect(plan.tenants.map(({ id, name }) => ({ id, name }))).toEqual([
      DEMO_TENANTS.main,
      DEMO_TENANTS.apollo,
      DEMO_TENANTS.small,
    ]);
    expect(LIVE_DASHBOARD_DEMO_TENANT_ID).toBe(DEMO_TENANTS.apollo.id);
    expect(plan.systems.length).toBeGreaterThanOrEqual(40);
    const main = plan.systems.filter((system) => system.tenantId === DEMO_TENANTS.main.id);
    expect(new Set(main.map((system) => system.group))).toEqual(new Set(['DTG', 'DTF']));
    expect(new Set(main.map((system) => system.siteId)).size).toBe(2);
    const apollo = plan.systems.filter((system) => system.tenantId === LIVE_DASHBOARD_DEMO_TENANT_ID);
    expect(apollo.length).toBeGreaterThan(0);
    expect(apollo.every((system) => system.group === 'Apollo')).toBe(true);
    expect(new Set(plan.systems.map((system) => system.serialNumber)).size).toBe(plan.systems.length);
    for (const system of plan.systems) {
      expect(system.serialNumber).toMatch(/^(DTG-1|DTF-2|APL-3)\d{4}$/);
      expect(system.shiftIds.length).toBeGreaterThan(0);
      expect(siteOf(plan, system).timeZone).toMatch(/^[A-Za-z_]+\/[A-Za-z_]+$/);
    }
  });

  it('gives every demo site two or three shifts and every printer a target for each shift it works', () => {
    const plan = planFleet({ seed: 1 });
    for (const site of plan.sites) {
      expect(site.shifts.length, site.id).toBeGreaterThanOrEqual(2);
      expect(site.shifts.length, site.id).toBeLessThanOrEqual(3);
    }
    for (const system of plan.systems) {
      const siteShiftIds = siteOf(plan, system).shifts.map((shift) => shift.id);
      expect(system.shiftIds.every((id) => siteShiftIds.includes(id))).toBe(true);
      expect(system.shiftTargetImpressions).toBeGreaterThan(0);
    }
  });

  it('is deterministic and sizes benchmark fleets', () => {
    expect(planFleet({ seed: 5 })).toEqual(planFleet({ seed: 5 }));
    expect(planFleet({ seed: 5 })).not.toEqual(planFleet({ seed: 6 }));
    const big = planFleet({ seed: 5, systems: 500, tenants: 6 });
    expect(big.systems).toHaveLength(500);
    expect(big.tenants).toHaveLength(6);
    expect(new Set(big.systems.map((system) => system.tenantId)).size).toBe(6);
    expect(planFleet({ seed: 5, systems: 3 }).systems).toHaveLength(3);
    expect(() => planFleet({ seed: 5, systems: 2 })).toThrow(/systems/);
  });
});
