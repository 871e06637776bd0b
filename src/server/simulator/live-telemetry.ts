import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { TelemetryRecord } from '../ingest/telemetry.schema.ts';
import { addDays, daysFromTo } from '../../shared/time/local-time.ts';
import type { FleetPlan } from './fleet-plan.ts';
import { appendTo, ingestSimulated, lastCompleteDay, simulatePlannedSystemDay } from './simulate.ts';

/**
 * Live telemetry of the demo fleet: every few seconds, the records of the days not yet complete that have become
 * known since the last tick. The simulator's days are deterministic, so each tick re-reads the same simulated day and
 * sends what closed in (last tick, now]. A record is sent once it is closed — a status interval, job or event when it
 * ends, an ink load or software report when it happens — so an interval still open at `now` waits for a later tick,
 * the way a gateway reports it; the rollups count only what is stored.
 */

/** The instant (ms) from which a record is fully known. */
export function closedAt(record: TelemetryRecord): number {
  switch (record.kind) {
    case 'status':
    case 'job':
      return Date.parse(record.endedAt);
    case 'event':
      return Date.parse(record.endedAt ?? record.startedAt);
    case 'ink_load':
      return Date.parse(record.loadedAt);
    case 'software_version':
      return Date.parse(record.reportedAt);
    case 'parameter':
      return Date.parse(record.recordedAt);
    case 'qualiset':
      return Date.parse(record.measuredAt);
    case 'shift':
    case 'shift_target':
      // Not part of a simulated day (reportShiftCalendars sends them): known from the start of its validity day.
      return Date.parse(`${record.validFrom}T00:00:00Z`);
  }
}

export interface LiveTelemetryOptions {
  /** Milliseconds between ticks. */
  intervalMs: number;
  /** The clock (tests pin it). */
  now?: () => Date;
  /** A failed tick is reported here and the loop goes on. */
  onError?: (error: unknown) => void;
}

export interface LiveTelemetry {
  /** Sends the records closed by `now` and not sent by an earlier tick; returns how many were sent. */
  tick(now: Date): Promise<number>;
  /** Starts ticking every intervalMs (the first tick after one interval). */
  start(): void;
  /** Stops the loop and waits for a tick in progress. */
  stop(): Promise<void>;
}

export function createLiveTelemetry(
  db: Kysely<Database>,
  plan: FleetPlan,
  options: LiveTelemetryOptions,
): LiveTelemetry {
  const clock = options.now ?? (() => new Date());
  /** Everything closed up to this instant has been sent; null before the first tick (then all closed records go). */
  let sentUpTo: number | null = null;
  const simulatedDays = new Map<string, TelemetryRecord[]>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const recordsOf = (day: string): TelemetryRecord[] => {
    let records = simulatedDays.get(day);
    if (records === undefined) {
      records = plan.systems.flatMap((system) => simulatePlannedSystemDay(plan, system.serialNumber, day));
      simulatedDays.set(day, records);
    }
    return records;
  };

  const tick = async (now: Date): Promise<number> => {
    const until = now.getTime();
    const since = sentUpTo;
    // Days complete at the last tick were sent in full then; a day that completed since still has records to send.
    const firstDay = addDays(lastCompleteDay(plan, new Date(since ?? until)), 1);
    // Sites east of UTC are up to 14 hours into the next calendar day.
    const lastDay = addDays(now.toISOString().slice(0, 10), 1);
    const days = daysFromTo(firstDay, lastDay);
    for (const day of simulatedDays.keys()) if (day < firstDay) simulatedDays.delete(day);

    const tenants = new Map(plan.systems.map((system) => [system.serialNumber, system.tenantId]));
    const byTenant = new Map<string, TelemetryRecord[]>();
    for (const record of days.flatMap(recordsOf)) {
      const closed = closedAt(record);
      if (closed > until || (since !== null && closed <= since)) continue;
      appendTo(byTenant, tenants.get(record.serial) ?? '', [record]);
    }
    let sent = 0;
    for (const [tenantId, records] of byTenant) {
      // Only closed records go out: ingest holds the simulator to its own clock with no tolerance at all.
      await ingestSimulated(db, tenantId, records, { now, futureToleranceMs: 0 });
      sent += records.length;
    }
    sentUpTo = until;
    return sent;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick(clock())
        .catch((error: unknown) => options.onError?.(error))
        .finally(schedule);
    }, options.intervalMs);
  };

  return {
    tick,
    start: schedule,
    async stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      await running;
    },
  };
}
