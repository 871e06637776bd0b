import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';
import { ingestTelemetry } from '../../src/server/ingest/ingest-telemetry.ts';
import type { FleetPlan } from '../../src/server/simulator/fleet-plan.ts';

export const EVENT_BATCH = 1000;
export const EVENT_ROUNDS = 5;

/** Medians over EVENT_ROUNDS batches of EVENT_BATCH events: ms per batch. */
export interface EventBatchTimes {
  openMs: number;
  endsMs: number;
  closedMs: number;
}

/**
 * The cost of an update batch (issue 23): EVENT_BATCH events sent open (new records), then their ends with the same
 * ids (updates), beside EVENT_BATCH new events sent already ended, on a database that history filled (`day`: one of its days).
 */
export async function measureEventEnds(db: Kysely<Database>, plan: FleetPlan, day: string): Promise<EventBatchTimes> {
  const tenantId = plan.systems[0]!.tenantId;
  const serials = plan.systems.filter((system) => system.tenantId === tenantId).map((system) => system.serialNumber);
  const morning = Date.parse(`${day}T08:00:00Z`);
  const events = (round: number, kind: 'open' | 'ended', prefix: string) =>
    Array.from({ length: EVENT_BATCH }, (_, index) => {
      const start = morning + (round * EVENT_BATCH + index) * 1000;
      return {
        kind: 'event',
        id: `bench-${prefix}-${round}-${index}`,
        serial: serials[index % serials.length],
        type: 'error',
        code: 'E-BENCH',
        message: 'Bench event',
        startedAt: new Date(start).toISOString(),
        ...(kind === 'ended' ? { endedAt: new Date(start + 300_000).toISOString() } : {}),
      };
    });
  const timed = async (records: unknown[]) => {
    const started = performance.now();
    const result = await ingestTelemetry(db, tenantId, records);
    if (result.rejected.length > 0) throw new Error(`bench events rejected: ${result.rejected[0]?.reason}`);
    return performance.now() - started;
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const open: number[] = [];
  const ends: number[] = [];
  const closed: number[] = [];
  for (let round = 0; round < EVENT_ROUNDS; round += 1) {
    open.push(await timed(events(round, 'open', 'updated')));
    ends.push(await timed(events(round, 'ended', 'updated')));
    closed.push(await timed(events(round, 'ended', 'new')));
  }
  return { openMs: median(open), endsMs: median(ends), closedMs: median(closed) };
}
