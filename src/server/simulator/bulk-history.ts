import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { FleetPlan } from './fleet-plan.ts';
import { simulateHistory, type SimulateHistoryOptions, type SimulationResult } from './simulate.ts';

export interface BulkHistoryOptions extends Omit<SimulateHistoryOptions, 'deferRollupsDays'> {
  /** Days simulated between two rollup flushes (default 14): bounds the collected keys. */
  flushDays?: number;
}

/**
 * The records of simulateHistory — the same plan and days give the same raw rows and rollups — stored in bulk for a
 * benchmark fleet of a year: the raw rows in large batches through ingestTelemetry (its checks, record identities and
 * multi-row json_populate_recordset inserts), the rollups not per batch but once per `flushDays` days over every key the
 * batches touched (DeferredRollups). Only for filling a database no one else uses meanwhile.
 */
export function bulkHistory(
  db: Kysely<Database>,
  plan: FleetPlan,
  options: BulkHistoryOptions,
): Promise<SimulationResult> {
  const { flushDays = 14, ...history } = options;
  return simulateHistory(db, plan, { batchSize: 20_000, ...history, deferRollupsDays: flushDays });
}
