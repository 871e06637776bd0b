import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DeferredRollups } from '../ingest/deferred-rollups.ts';
import type { TelemetryRecord } from '../ingest/telemetry.schema.ts';
import { daysFromTo } from '../../shared/time/local-time.ts';
import type { FleetPlan } from './fleet-plan.ts';
import { simulatedSystemOf, simulateSystemDay } from './printer-model.ts';
import { provisionFleet } from './provision.ts';
import {
  appendTo,
  ingestSimulated,
  reportShiftCalendars,
  systemDayRng,
  systemNightRng,
  type SimulateHistoryOptions,
  type SimulationResult,
} from './simulate.ts';

export interface BulkHistoryOptions extends SimulateHistoryOptions {
  /** Days simulated between two rollup flushes (default 14): bounds the collected keys. */
  flushDays?: number;
}

/**
 * The records of simulateHistory — the same plan and days give the same raw rows and rollups — stored in bulk for a
 * benchmark fleet of a year: the raw rows in large batches through ingestTelemetry (its checks, record identities and
 * multi-row json_populate_recordset inserts), the rollups not per batch but once per `flushDays` days over every key the
 * batches touched (DeferredRollups). Only for filling a database no one else uses meanwhile.
 */
export async function bulkHistory(
  db: Kysely<Database>,
  plan: FleetPlan,
  options: BulkHistoryOptions,
): Promise<SimulationResult> {
  const started = Date.now();
  const batchSize = options.batchSize ?? 20_000;
  const flushDays = options.flushDays ?? 14;
  const days = daysFromTo(options.from, options.to);
  await provisionFleet(db, plan);
  const calendars = await reportShiftCalendars(db, plan);

  const deferRollups = new DeferredRollups();
  const subjects = plan.systems.map((system) => ({ system, subject: simulatedSystemOf(plan, system) }));
  const pending = new Map<string, TelemetryRecord[]>();
  const totals = { ...calendars, rejected: 0 };

  const flushTenant = async (tenantId: string) => {
    const batch = pending.get(tenantId) ?? [];
    if (batch.length === 0) return;
    pending.set(tenantId, []);
    const result = await ingestSimulated(db, tenantId, batch, { deferRollups });
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
      if (appendTo(pending, system.tenantId, records).length >= batchSize) await flushTenant(system.tenantId);
    }
    const last = dayIndex === days.length - 1;
    if (last || (dayIndex + 1) % flushDays === 0) {
      for (const tenantId of [...pending.keys()]) await flushTenant(tenantId);
      await deferRollups.flush(db);
    }
    options.onProgress?.({
      daysDone: dayIndex + 1,
      daysTotal: days.length,
      records: totals.accepted + totals.duplicates,
      elapsedMs: Date.now() - started,
    });
  }

  return { days: days.length, systems: plan.systems.length, ...totals, elapsedMs: Date.now() - started };
}
