/** The Live Dashboard benchmarks' printers: Sunrise's (the Apollo tenant of the demo plan the portal simulates). */
import { randomBytes } from 'node:crypto';
import { compareSerials } from '../../src/shared/systems/serial-sort.ts';
import { DEMO_TENANTS } from '../../src/server/fixtures/demo-tenants.ts';
import { DEMO_PLAN_SEED, planFleet } from '../../src/server/simulator/fleet-plan.ts';
import { currentShift } from '../../src/server/reports/tv-dashboard/shift-calendar.ts';

export const SUNRISE = DEMO_TENANTS.apollo.id;
export const SUNRISE_ADMIN = 'admin@sunrise.demo';

const plan = planFleet({ seed: DEMO_PLAN_SEED });

/** Sunrise's printers in serial order. */
export function sunriseSerials(): string[] {
  return plan.systems
    .filter((system) => system.tenantId === SUNRISE)
    .map((system) => system.serialNumber)
    .sort(compareSerials);
}

/**
 * A Sunrise printer whose site has a shift running from `now` for at least `minutes` more: the dashboard counts a job
 * ingested now only in a running shift, and a shift change during the run would reset the count the benchmark watches.
 */
export function printerOnShift(now: Date, minutes: number): { serial: string; site: string; shift: string } {
  for (const site of plan.sites.filter((candidate) => candidate.tenantId === SUNRISE)) {
    const shifts = site.shifts.map((shift) => ({ ...shift, name: shift.name as string }));
    const found = currentShift(shifts, site.timeZone, now.getTime());
    if (found === null || !found.running || found.occurrence.end - now.getTime() < minutes * 60_000) continue;
    const serial = plan.systems
      .filter((system) => system.tenantId === SUNRISE && system.siteId === site.id)
      .map((system) => system.serialNumber)
      .sort(compareSerials)[0];
    if (serial !== undefined) return { serial, site: site.name, shift: found.occurrence.shift.name };
  }
  throw new Error(
    `No Sunrise site has a shift running for the next ${minutes} minutes (Shanghai works Monday–Saturday 06:00–22:00 ` +
      'and Monday–Friday nights, León Monday–Saturday 06:00–22:00, local time): run it when one does.',
  );
}

/** A fresh ingest token for Sunrise, registered by the portal at start (PORTAL_INGEST_TOKENS). */
export function benchIngestToken(): { token: string; setting: string } {
  const token = `fpi_bench${randomBytes(18).toString('base64url')}`;
  return { token, setting: `${SUNRISE}=${token}` };
}
