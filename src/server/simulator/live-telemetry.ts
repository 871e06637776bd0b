import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { TelemetryRecord } from '../ingest/telemetry.schema.ts';
import { addDays, daysFromTo } from '../../shared/time/local-time.ts';
import type { FleetPlan } from './fleet-plan.ts';
import { appendTo, ingestSimulated, lastCompleteDay, simulatePlannedSystemDay } from './simulate.ts';

/**
 * Live telemetry of the demo fleet: every few seconds, the records of the days not yet complete that have become
 * known since the last tick. The simulator's days are deterministic, so each tick re-reads the same simulated day and
 * sends what became known in (last tick, now], the way a gateway reports it: a status interval or job when it ends,
 * an ink load or software report when it happens (an interval still open at `now` waits for a later tick; the rollups
 * count only what is stored), and an error or maintenance event twice — open (no endedAt) once it has started, then
 * with its end and the same id once it has ended, which updates the stored event (README "Sending telemetry").
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

/**
 * What a gateway sends of `record` in the tick (since, until] (`since` null: the first tick after a start, which sends
 * everything known so far): an event that started in it and is still going is sent open; anything that closed in it is
 * sent whole (an event that started and ended within one tick only with its end).
 */
export function sendsInTick(record: TelemetryRecord, since: number | null, until: number): TelemetryRecord[] {
  const after = (instant: number) => since === null || instant > since;
  const closed = closedAt(record);
  if (closed <= until) return after(closed) ? [record] : [];
  if (record.kind !== 'event') return [];
  const started = Date.parse(record.startedAt);
  if (started > until || !after(started)) return [];
  const { endedAt: _end, ...open } = record;
  return [open];
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
  /** Starts ticking every intervalMs: the first tick after one interval, or at once with `firstTickNow`. */
  start(firstTickNow?: boolean): void;
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
      const sends = sendsInTick(record, since, until);
      if (sends.length > 0) appendTo(byTenant, tenants.get(record.serial) ?? '', sends);
    }
    let sent = 0;
    for (const [tenantId, records] of byTenant) {
      // Nothing from after `now` goes out: ingest holds the simulator to its own clock with no tolerance at all.
      await ingestSimulated(db, tenantId, records, { now, futureToleranceMs: 0 });
      sent += records.length;
    }
    sentUpTo = until;
    return sent;
  };

  const schedule = (delayMs = options.intervalMs) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick(clock())
        .catch((error: unknown) => options.onError?.(error))
        .finally(() => schedule());
    }, delayMs);
  };

  return {
    tick,
    start: (firstTickNow = false) => schedule(firstTickNow ? 0 : options.intervalMs),
    async stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      await running;
    },
  };
}
