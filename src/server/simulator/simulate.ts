import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DeferredRollups } from '../ingest/deferred-rollups.ts';
import { ingestTelemetry, type IngestOptions } from '../ingest/ingest-telemetry.ts';
import type { TelemetryRecord } from '../ingest/telemetry.schema.ts';
import type { FleetPlan } from './fleet-plan.ts';
import { addDays, daysFromTo, localDayBounds } from '../../shared/time/local-time.ts';
import { simulatedSystemOf, simulateSystemDay } from './printer-model.ts';
import { provisionFleet } from './provision.ts';
import { rngFor } from './rng.ts';
import { shiftCalendarRecords } from './shift-calendar-reports.ts';

export interface SimulationProgress {
  daysDone: number;
  daysTotal: number;
  /** Records ingested so far (accepted or duplicate); batches span days, so this moves in steps. */
  records: number;
  elapsedMs: number;
}

export interface SimulateHistoryOptions {
  /** First and last local day, yyyy-MM-dd, both included. */
  from: string;
  to: string;
  /** Called after each simulated day (all systems) has been ingested. */
  onProgress?: (progress: SimulationProgress) => void;
  /** Records per ingestTelemetry call (default 5000); a batch holds one tenant's records. */
  batchSize?: number;
  /**
   * Keep the rollups not per batch but once per this many days, over every key the batches touched (DeferredRollups;
   * bulk-history.ts). Only for filling a database no one else reads meanwhile. Default: per batch, as ingest does.
   */
  deferRollupsDays?: number;
}

export interface SimulationResult {
  days: number;
  systems: number;
  records: number;
  accepted: number;
  duplicates: number;
  rejected: number;
  elapsedMs: number;
}

/**
 * The latest local day that has ended at every site of the plan by `now`: simulating up to it never produces a record
 * from the future (live streaming of the current day is a separate concern).
 */
export function lastCompleteDay(plan: FleetPlan, now: Date): string {
  const zones = [...new Set(plan.sites.map((site) => site.timeZone))];
  let day = now.toISOString().slice(0, 10);
  while (zones.some((zone) => localDayBounds(day, zone).end > now.getTime())) day = addDays(day, -1);
  return day;
}

/** The seeded generator of one system and day: days are independent, so any range gives the same records per day. */
export function systemDayRng(plan: FleetPlan, serialNumber: string, day: string) {
  return rngFor(plan.seed, serialNumber, day);
}

/** The generator of the night before local day `morning`: both days around a midnight draw the same overnight job. */
export function systemNightRng(plan: FleetPlan, serialNumber: string, morning: string) {
  return rngFor(plan.seed, serialNumber, morning, 'night');
}

/** Every record of one planned system on one local day (the first simulated day also reports software versions). */
export function simulatePlannedSystemDay(
  plan: FleetPlan,
  serialNumber: string,
  day: string,
  options: { reportSoftware?: boolean } = {},
): TelemetryRecord[] {
  const system = plan.systems.find((candidate) => candidate.serialNumber === serialNumber);
  if (system === undefined) throw new Error(`No system ${serialNumber} in the plan`);
  const subject = simulatedSystemOf(plan, system);
  return simulateSystemDay(subject, day, subject.timeZone, systemDayRng(plan, serialNumber, day), {
    ...options,
    nightRng: (morning) => systemNightRng(plan, serialNumber, morning),
  });
}

/** Appends `records` to the batch of `tenantId` and returns that batch. */
export function appendTo(
  batches: Map<string, TelemetryRecord[]>,
  tenantId: string,
  records: readonly TelemetryRecord[],
): TelemetryRecord[] {
  let batch = batches.get(tenantId);
  if (batch === undefined) {
    batch = [];
    batches.set(tenantId, batch);
  }
  for (const record of records) batch.push(record);
  return batch;
}

/**
 * Sends simulated records of one tenant through ingestTelemetry. Simulated records are valid by construction, so a
 * rejection is a bug: it throws with the first reasons instead of losing data silently.
 */
export async function ingestSimulated(
  db: Kysely<Database>,
  tenantId: string,
  records: readonly TelemetryRecord[],
  options: IngestOptions = {},
): Promise<{ accepted: number; updated: number; duplicates: number }> {
  const result = await ingestTelemetry(db, tenantId, records, options);
  if (result.rejected.length > 0) {
    const reasons = result.rejected
      .slice(0, 10)
      .map((entry) => `${records[entry.index]?.id ?? `#${entry.index}`}: ${entry.reason}`);
    throw new Error(`Ingest rejected ${result.rejected.length} simulated records:\n${reasons.join('\n')}`);
  }
  return { accepted: result.accepted, updated: result.updated, duplicates: result.duplicates };
}

/**
 * Every printer's gateway reports its site's shift calendar and its own shift targets through ingestTelemetry, one batch
 * per tenant (a few hundred records for the demo fleet). Reporting again finds only duplicates. Run after provisioning,
 * before history: the Live Dashboard and OEE read the shifts of every day.
 */
export async function reportShiftCalendars(
  db: Kysely<Database>,
  plan: FleetPlan,
): Promise<{ records: number; accepted: number; duplicates: number }> {
  const byTenant = new Map<string, TelemetryRecord[]>();
  for (const system of plan.systems) appendTo(byTenant, system.tenantId, shiftCalendarRecords(plan, system));
  const totals = { records: 0, accepted: 0, duplicates: 0 };
  for (const [tenantId, records] of byTenant) {
    const result = await ingestSimulated(db, tenantId, records);
    totals.records += records.length;
    totals.accepted += result.accepted;
    totals.duplicates += result.duplicates;
  }
  return totals;
}

/**
 * Provisions the plan's reference rows and reports the shift calendars, then simulates every system for every local day from `from` to `to` and sends
 * the records through ingestTelemetry in batches per tenant (the ingest path keeps the rollups). Idempotent: a rerun only
 * finds duplicates. Throws with the reasons when ingest rejects any record.
 */
export async function simulateHistory(
  db: Kysely<Database>,
  plan: FleetPlan,
  options: SimulateHistoryOptions,
): Promise<SimulationResult> {
  const started = Date.now();
  const batchSize = options.batchSize ?? 5000;
  const days = daysFromTo(options.from, options.to);
  await provisionFleet(db, plan);
  const calendars = await reportShiftCalendars(db, plan);

  const subjects = plan.systems.map((system) => ({ system, subject: simulatedSystemOf(plan, system) }));
  const pending = new Map<string, TelemetryRecord[]>();
  const totals = { ...calendars, rejected: 0 };
  const deferRollups = options.deferRollupsDays === undefined ? undefined : new DeferredRollups();

  const flush = async (tenantId: string) => {
    const batch = pending.get(tenantId) ?? [];
    if (batch.length === 0) return;
    pending.set(tenantId, []);
    const result = await ingestSimulated(db, tenantId, batch, deferRollups === undefined ? {} : { deferRollups });
    totals.accepted += result.accepted;
    totals.duplicates += result.duplicates;
  };

  for (const [dayIndex, day] of days.entries()) {
    for (const { system, subject } of subjects) {
      const records = simulateSystemDay(subject, day, subject.timeZone, systemDayRng(plan, system.serialNumber, day), {
        reportSoftware: dayIndex === 0,
        nightRng: (morning) => systemNightRng(plan, system.serialNumber, morning),
      });
      totals.records += records.length;
      if (appendTo(pending, system.tenantId, records).length >= batchSize) await flush(system.tenantId);
    }
    const last = dayIndex === days.length - 1;
    const rollupsDue = deferRollups !== undefined && (last || (dayIndex + 1) % (options.deferRollupsDays ?? 1) === 0);
    if (last || rollupsDue) for (const tenantId of [...pending.keys()]) await flush(tenantId);
    if (rollupsDue) await deferRollups.flush(db);
    options.onProgress?.({
      daysDone: dayIndex + 1,
      daysTotal: days.length,
      records: totals.accepted + totals.duplicates,
      elapsedMs: Date.now() - started,
    });
  }

  return { days: days.length, systems: plan.systems.length, ...totals, elapsedMs: Date.now() - started };
}
