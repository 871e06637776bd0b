import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { keepPlannedHours, type PlannedChange } from './planned-hours.sql.ts';
import { TouchedKeys } from './rollup-keys.ts';
import { recomputeRollups } from './rollups.sql.ts';

interface Pending {
  touched: TouchedKeys;
  firstTimes: Map<string, number>;
  calendarSystems: Set<string>;
}

/**
 * Rollup upkeep collected over many ingest batches and done once per flush (a bulk fill: the bench fleet builder). The
 * ingest path recomputes the rollups of the keys each batch touched in the batch's own transaction; with a
 * DeferredRollups (IngestOptions.deferRollups) it only collects those keys and OEE's planned-time change here, and
 * `flush` recomputes them in one transaction per tenant. Rollups are recomputed from raw rows, never added to, so the
 * result equals the per-batch upkeep as long as no one reads or writes the tenant between the batches and the flush:
 * for a single writer filling a database, not for a running portal.
 */
export class DeferredRollups {
  readonly #pending = new Map<string, Pending>();
  readonly #plannedSystemsPerStatement: number;

  /**
   * `plannedSystemsPerStatement`: OEE's planned hours are kept for at most this many printers at a time. A bulk fill's
   * flush of 1,099 printers × 14 days in one planned-hours statement ran for over 11 minutes, 100 of them take about
   * 2 s (docs/benchmarks.md, issue #29). Per printer the upkeep is independent, so the chunks give the same rows.
   */
  constructor(plannedSystemsPerStatement = 100) {
    this.#plannedSystemsPerStatement = plannedSystemsPerStatement;
  }

  #of(tenantId: string): Pending {
    let pending = this.#pending.get(tenantId);
    if (pending === undefined) {
      pending = { touched: new TouchedKeys(), firstTimes: new Map(), calendarSystems: new Set() };
      this.#pending.set(tenantId, pending);
    }
    return pending;
  }

  /** The keys collected for `tenantId`: ingest adds the keys of its new records to them. */
  touchedOf(tenantId: string): TouchedKeys {
    return this.#of(tenantId).touched;
  }

  /** Adds a batch's planned-time change (its touched hours are the tenant's touched keys). */
  addPlanned(tenantId: string, change: PlannedChange): void {
    const pending = this.#of(tenantId);
    for (const [systemId, time] of change.firstTimes) {
      pending.firstTimes.set(systemId, Math.min(pending.firstTimes.get(systemId) ?? Number.POSITIVE_INFINITY, time));
    }
    for (const systemId of change.calendarSystems) pending.calendarSystems.add(systemId);
  }

  /** Recomputes every collected key, as the batches' own transactions would have, and starts collecting anew. */
  async flush(db: Kysely<Database>): Promise<void> {
    const pending = [...this.#pending];
    this.#pending.clear();
    for (const [tenantId, { touched, firstTimes, calendarSystems }] of pending) {
      const touchedHours = new Map<string, number[]>();
      for (const key of touched.hours) {
        const hours = touchedHours.get(key.systemId) ?? [];
        hours.push(key.hourStart.getTime());
        touchedHours.set(key.systemId, hours);
      }
      const systemIds = [...new Set([...firstTimes.keys(), ...calendarSystems])];
      await db.transaction().execute(async (trx) => {
        await recomputeRollups(trx, tenantId, touched);
        for (let start = 0; start < systemIds.length; start += this.#plannedSystemsPerStatement) {
          const chunk = new Set(systemIds.slice(start, start + this.#plannedSystemsPerStatement));
          const ofChunk = <T>(map: Map<string, T>) => new Map([...map].filter(([systemId]) => chunk.has(systemId)));
          await keepPlannedHours(trx, tenantId, {
            firstTimes: ofChunk(firstTimes),
            touchedHours: ofChunk(touchedHours),
            calendarSystems: [...calendarSystems].filter((systemId) => chunk.has(systemId)),
          });
        }
      });
    }
  }
}
