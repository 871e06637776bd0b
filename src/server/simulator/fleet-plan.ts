import type { SystemGroup } from '../../shared/system-group.ts';
import type {
  ReferenceCustomer,
  ReferenceModel,
  ReferenceSite,
  ReferenceSystem,
  ReferenceTenant,
} from '../db/fleet-reference.ts';
import { DEMO_TENANTS } from '../fixtures/demo-tenants.ts';
import { addDays } from '../../shared/time/local-time.ts';
import { between, chance, pick, randomInt, rngFor, type Rng } from './rng.ts';

/**
 * The simulated fleet as pure data: tenants, customers, sites (IANA time zones, shifts), models and systems with the
 * behaviour profile the printer model follows. Deterministic: the same options give a deep-equal plan.
 */

/** Seed of the demo data set the first start simulates (`npm run seed` without --seed builds the same fleet). */
export const DEMO_PLAN_SEED = 1;

/**
 * The first day of the plan: no simulated printer started before it, and the sites' shift calendars apply from it
 * (the calendar the gateways report, shift-calendar-reports.ts).
 */
export const PLAN_FIRST_DAY = '2022-06-01';

/** The tenant id to put in PORTAL_LIVE_DASHBOARD_TENANTS for the demo (the Apollo tenant). */
export const LIVE_DASHBOARD_DEMO_TENANT_ID = DEMO_TENANTS.apollo.id;

export type PlannedTenant = ReferenceTenant;

export type PlannedCustomer = ReferenceCustomer;

export interface PlannedShift {
  tenantId: string;
  id: string;
  siteId: string;
  name: 'Early' | 'Late' | 'Night';
  /** Local wall-clock minutes after midnight; a shift ending before it starts runs past midnight. */
  startMinute: number;
  endMinute: number;
  /** ISO weekdays 1 (Monday) – 7 the shift is worked. */
  weekdays: number[];
}

export interface PlannedSite extends ReferenceSite {
  shifts: PlannedShift[];
}

export interface PlannedModel extends ReferenceModel {
  /**
   * Ideal production rate (OEE performance's reference): impressions per hour, metres per hour for DTF. A nameplate
   * rate just above the fastest the printer model's jobs run (group-behaviour.ts): DTG 35 s per impression (103/h),
   * Apollo 4 s (900/h), DTF film at 14 m/h.
   */
  idealRatePerHour: number;
}

/** How one printer behaves; the printer model reads only this (and the site's shifts). */
export interface SystemProfile {
  /** Share of worked shift time spent printing or preparing, before errors (0–1). */
  utilization: number;
  /** Errors per worked hour, on average. */
  errorRate: number;
  /** DTG and Apollo: share of jobs on dark garments (white ink, pretreatment). */
  darkShare: number;
  /** Printer switched off (not reporting) outside shifts instead of idling. */
  offOutsideShifts: boolean;
  /** Daily chance of a multi-hour not-reporting gap (network, gateway). */
  gapChance: number;
  /** Typical job size multiplier around the group's default. */
  jobScale: number;
}

export interface PlannedSystem extends ReferenceSystem {
  /** yyyy-MM-dd. */
  modelStartDate: string;
  /** Ids of the site shifts this printer works. */
  shiftIds: string[];
  /** Impressions expected per worked shift (the TV dashboard's target). */
  shiftTargetImpressions: number;
  profile: SystemProfile;
}

export interface FleetPlan {
  seed: number;
  tenants: PlannedTenant[];
  customers: PlannedCustomer[];
  sites: PlannedSite[];
  models: PlannedModel[];
  systems: PlannedSystem[];
}

export interface PlanFleetOptions {
  seed: number;
  /** Total systems; default 42 (the demo data set). At least one per tenant. */
  systems?: number;
  /** Number of tenants; default 3 (main, Apollo, small). Further tenants are small shops. */
  tenants?: number;
}

interface SiteSpec {
  id: string;
  name: string;
  timeZone: string;
  /** Shift ids worked at the site: 'early', 'late', 'night'. */
  shifts: ('early' | 'late' | 'night')[];
  weekdays: number[];
}

interface TenantSpec {
  tenant: PlannedTenant;
  customer: { id: string; name: string };
  sites: SiteSpec[];
  models: { id: string; name: string; group: SystemGroup; idealRatePerHour: number }[];
  /** Share of the fleet's systems, and the groups' mix within the tenant. */
  share: number;
  groups: [SystemGroup, number][];
}

const WEEKDAYS = [1, 2, 3, 4, 5];
const SIX_DAYS = [1, 2, 3, 4, 5, 6];

const SHIFT_TIMES = {
  early: { name: 'Early', startMinute: 6 * 60, endMinute: 14 * 60 },
  late: { name: 'Late', startMinute: 14 * 60, endMinute: 22 * 60 },
  night: { name: 'Night', startMinute: 22 * 60, endMinute: 6 * 60 },
} as const;

const MAIN: TenantSpec = {
  tenant: { ...DEMO_TENANTS.main, office: 'Berlin' },
  customer: { id: 'northwind', name: 'Northwind Textiles' },
  sites: [
    {
      id: 'berlin',
      name: 'Berlin Print Hall',
      timeZone: 'Europe/Berlin',
      shifts: ['early', 'late'],
      weekdays: WEEKDAYS,
    },
    {
      id: 'newark',
      name: 'Newark Fulfilment',
      timeZone: 'America/New_York',
      shifts: ['early', 'late'],
      weekdays: SIX_DAYS,
    },
  ],
  models: [
    { id: 'dtg-m2', name: 'Garment Pro M2', group: 'DTG', idealRatePerHour: 105 },
    { id: 'dtg-xl', name: 'Garment Pro XL', group: 'DTG', idealRatePerHour: 105 },
    { id: 'dtf-r60', name: 'Film Roll 60', group: 'DTF', idealRatePerHour: 15 },
    { id: 'dtf-r30', name: 'Film Roll 30', group: 'DTF', idealRatePerHour: 15 },
  ],
  share: 0.55,
  groups: [
    ['DTG', 0.6],
    ['DTF', 0.4],
  ],
};

const APOLLO: TenantSpec = {
  tenant: { ...DEMO_TENANTS.apollo, office: 'Shanghai' },
  customer: { id: 'sunrise', name: 'Sunrise Apparel Group' },
  sites: [
    {
      id: 'shanghai',
      name: 'Shanghai Mass Production',
      timeZone: 'Asia/Shanghai',
      shifts: ['early', 'late', 'night'],
      weekdays: SIX_DAYS,
    },
    {
      id: 'leon',
      name: 'León Nearshore Plant',
      timeZone: 'America/Mexico_City',
      shifts: ['early', 'late'],
      weekdays: SIX_DAYS,
    },
  ],
  models: [
    { id: 'apollo-1', name: 'Apollo One', group: 'Apollo', idealRatePerHour: 950 },
    { id: 'apollo-2', name: 'Apollo Two', group: 'Apollo', idealRatePerHour: 950 },
  ],
  share: 0.33,
  groups: [['Apollo', 1]],
};

function smallTenant(index: number): TenantSpec {
  const first = index === 0;
  const zones = ['America/Chicago', 'Europe/London', 'Australia/Sydney', 'Europe/Madrid', 'America/Los_Angeles'];
  const id = first ? DEMO_TENANTS.small.id : `print-shop-${String(index + 1).padStart(2, '0')}`;
  const name = first ? DEMO_TENANTS.small.name : `Print Shop ${index + 1}`;
  return {
    tenant: { id, name, office: 'Chicago' },
    customer: { id: `${id}-customer`, name },
    sites: [
      {
        id: `${id}-workshop`,
        name: `${name} Workshop`,
        timeZone: zones[index % zones.length] ?? 'UTC',
        // Every demo site runs two or three shifts (the TV dashboard shows the one running); a shop's printers work
        // both or, one in four, only the early one.
        shifts: ['early', 'late'],
        weekdays: WEEKDAYS,
      },
    ],
    models: [
      { id: 'dtg-m2', name: 'Garment Pro M2', group: 'DTG', idealRatePerHour: 105 },
      { id: 'dtf-r30', name: 'Film Roll 30', group: 'DTF', idealRatePerHour: 15 },
    ],
    share: 0.12,
    groups: [
      ['DTG', 0.6],
      ['DTF', 0.4],
    ],
  };
}

const SERIAL_PREFIX: Record<SystemGroup, { prefix: string; base: number }> = {
  DTG: { prefix: 'DTG', base: 10001 },
  DTF: { prefix: 'DTF', base: 20001 },
  Apollo: { prefix: 'APL', base: 30001 },
};

const NICKNAMES = ['Line', 'Bay', 'Cell', 'Press', 'Station'];

/** Splits `total` into integer parts proportional to `weights`, each at least `minimum` (largest remainder). */
function apportion(total: number, weights: readonly number[], minimum: number): number[] {
  const floor = weights.map(() => minimum);
  const rest = total - minimum * weights.length;
  if (rest < 0) throw new Error(`Need at least ${minimum * weights.length} systems, got ${total}`);
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((weight) => (rest * weight) / sum);
  const parts = exact.map((value, index) => (floor[index] ?? 0) + Math.floor(value));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, frac: value - Math.floor(value) }))
    .sort((a, b) => b.frac - a.frac);
  for (const { index } of order) {
    if (left === 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

function profileFor(group: SystemGroup, rng: Rng): SystemProfile {
  return {
    utilization: between(rng, group === 'Apollo' ? 0.6 : 0.45, group === 'Apollo' ? 0.85 : 0.75),
    errorRate: between(rng, 0.04, 0.14),
    darkShare: group === 'DTF' ? 0 : between(rng, 0.3, 0.45),
    offOutsideShifts: chance(rng, 0.35),
    gapChance: between(rng, 0.01, 0.04),
    jobScale: between(rng, 0.7, 1.4),
  };
}

/** Rough impressions per worked 8-hour shift, for the shift target. */
function targetFor(group: SystemGroup, profile: SystemProfile): number {
  const perHour = group === 'Apollo' ? 600 : group === 'DTG' ? 55 : 30;
  return Math.round((perHour * 8 * profile.utilization * profile.jobScale) / 10) * 10;
}

/** The fleet plan for `seed`: the demo data set by default, or `systems` printers spread over `tenants` tenants. */
export function planFleet(options: PlanFleetOptions): FleetPlan {
  const tenantCount = options.tenants ?? 3;
  const total = options.systems ?? 42;
  if (!Number.isInteger(tenantCount) || tenantCount < 1) throw new Error('tenants must be a positive integer');
  if (!Number.isInteger(total) || total < tenantCount)
    throw new Error('systems must be at least the number of tenants');

  const specs: TenantSpec[] = [
    MAIN,
    APOLLO,
    ...Array.from({ length: Math.max(0, tenantCount - 2) }, (_, i) => smallTenant(i)),
  ];
  const chosen = specs.slice(0, tenantCount);
  const counts = apportion(
    total,
    chosen.map((spec) => spec.share),
    1,
  );
  const rng = rngFor(options.seed, 'plan');
  const plan: FleetPlan = { seed: options.seed, tenants: [], customers: [], sites: [], models: [], systems: [] };
  const nextSerial: Record<SystemGroup, number> = { DTG: 0, DTF: 0, Apollo: 0 };

  chosen.forEach((spec, tenantIndex) => {
    const tenantId = spec.tenant.id;
    plan.tenants.push(spec.tenant);
    plan.customers.push({ tenantId, id: spec.customer.id, name: spec.customer.name });
    for (const site of spec.sites) {
      plan.sites.push({
        tenantId,
        id: site.id,
        customerId: spec.customer.id,
        name: site.name,
        timeZone: site.timeZone,
        shifts: site.shifts.map((key) => ({
          tenantId,
          id: `${site.id}-${key}`,
          siteId: site.id,
          ...SHIFT_TIMES[key],
          weekdays: key === 'night' ? site.weekdays.filter((day) => day <= 5) : site.weekdays,
        })),
      });
    }
    for (const model of spec.models) plan.models.push({ tenantId, ...model });

    const count = counts[tenantIndex] ?? 0;
    const groupCounts = apportion(
      count,
      spec.groups.map(([, weight]) => weight),
      count >= spec.groups.length ? 1 : 0,
    );
    spec.groups.forEach(([group], groupIndex) => {
      const models = spec.models.filter((model) => model.group === group);
      for (let index = 0; index < (groupCounts[groupIndex] ?? 0); index += 1) {
        const { prefix, base } = SERIAL_PREFIX[group];
        const serialNumber = `${prefix}-${base + nextSerial[group]}`;
        nextSerial[group] += 1;
        const site = spec.sites[index % spec.sites.length] ?? spec.sites[0];
        if (site === undefined) throw new Error(`Tenant ${tenantId} has no site`);
        const model = models[index % models.length];
        if (model === undefined) throw new Error(`Tenant ${tenantId} has no ${group} model`);
        const profile = profileFor(group, rng);
        const siteShifts = site.shifts.map((key) => `${site.id}-${key}`);
        // Most printers work every shift of their site; some only the first.
        const shiftIds = chance(rng, 0.25) ? siteShifts.slice(0, 1) : siteShifts;
        plan.systems.push({
          tenantId,
          id: `sys-${serialNumber.toLowerCase()}`,
          serialNumber,
          customerId: spec.customer.id,
          siteId: site.id,
          modelId: model.id,
          group,
          nickname: chance(rng, 0.5) ? `${site.name.split(' ')[0]} ${pick(rng, NICKNAMES)} ${index + 1}` : null,
          modelStartDate: addDays(PLAN_FIRST_DAY, randomInt(rng, 0, 540)),
          shiftIds,
          shiftTargetImpressions: targetFor(group, profile),
          profile,
        });
      }
    });
  });
  return plan;
}

/** The site a system stands at. */
export function siteOf(plan: FleetPlan, system: PlannedSystem): PlannedSite {
  const site = plan.sites.find((candidate) => candidate.tenantId === system.tenantId && candidate.id === system.siteId);
  if (site === undefined) throw new Error(`System ${system.serialNumber} names an unknown site ${system.siteId}`);
  return site;
}

/** What the printer model needs to know about a system. */
export interface SimulatedSystem {
  serialNumber: string;
  group: PlannedSystem['group'];
  modelId: string;
  modelStartDate: string;
  profile: PlannedSystem['profile'];
  /** The site shifts this printer works. */
  shifts: readonly Pick<PlannedShift, 'startMinute' | 'endMinute' | 'weekdays'>[];
}
