import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { addDays } from '../../shared/time/local-time.ts';
import { analyze, fillDays, historyRange, missingDays, recordHistoryRange, type HistoryRange } from './backfill.ts';
import type { FleetPlan } from './fleet-plan.ts';
import { createLiveTelemetry, type LiveTelemetry } from './live-telemetry.ts';
import { createProgressBar, type ProgressBar, type ProgressOutput } from './progress-bar.ts';
import { provisionFleet } from './provision.ts';
import { reportShiftCalendars } from './simulate.ts';

/**
 * The demo fleet of the first start, in two phases. `prepareDemoFleet` runs before the portal is ready: it provisions
 * the plan, has the gateways report the shift calendars, fills the recent days (so yesterday and this week have data)
 * and, unless live telemetry is off, sends today's telemetry so far. `startBackground` then fills the older days,
 * newest first, while the portal serves requests, and starts the live loop; `stop` ends both for shutdown.
 */

/**
 * The demo fleet's live telemetry (PORTAL_SIMULATOR_LIVE): `continuous` sends today's telemetry so far before the
 * ready line and then every liveIntervalMs; `once` only today's so far, so the data reaches the start and then stands
 * still (the e2e portal: figures read a moment apart agree); `off` none, so the data ends with the last complete day.
 */
export type LiveTelemetryMode = 'continuous' | 'once' | 'off';

export interface DemoFleetOptions {
  /** Days of history in total, ending with the last complete day. */
  historyDays: number;
  /** The newest of those days filled before the portal is ready. */
  recentDays: number;
  /** Today's telemetry so far before ready, and then every liveIntervalMs (PORTAL_SIMULATOR_LIVE). */
  live: LiveTelemetryMode;
  liveIntervalMs: number;
  /** Progress and log lines (process.stdout in the portal). */
  output: ProgressOutput;
  /** Draw the recent-window bar in place (a terminal). Background progress always goes on lines of its own. */
  interactive: boolean;
  now?: () => Date;
  /**
   * Other start-up work that needs the provisioned tenants (the demo accounts and their password hashes): run while
   * the recent days fill, so the ready line waits for the longer of the two, not their sum.
   */
  besideRecentFill?: () => Promise<void>;
}

export interface BackfillSummary {
  days: number;
  records: number;
  elapsedMs: number;
  /** False when stopped before the last day. */
  complete: boolean;
}

export interface DemoFleet {
  range: HistoryRange;
  /** Days of the history available when prepareDemoFleet returns (the ready line), of `daysTotal`. */
  daysReady: number;
  daysTotal: number;
  /** Days filled before ready, and their records. */
  recent: { days: number; records: number; elapsedMs: number };
  /** Fills the remaining days in the background and starts continuous live telemetry; resolves when the backfill ends. */
  startBackground(): Promise<BackfillSummary>;
  /** Stops the backfill (after the system in progress) and the live loop, and waits for both. */
  stop(): Promise<void>;
}

const LABEL = 'Fleet history';
const count = (value: number) => value.toLocaleString('en-US');
const dayCount = (value: number) => `${count(value)} ${value === 1 ? 'day' : 'days'}`;
/**
 * Records per ingest call while the portal serves requests: measured under load, a 1,000-record call stalled the event
 * loop 46–76 ms, 250–500 records 7–37 ms. Before the ready line nothing is served, so a tenant's day goes in one call.
 */
const BACKGROUND_BATCH = 500;

export async function prepareDemoFleet(
  db: Kysely<Database>,
  plan: FleetPlan,
  options: DemoFleetOptions,
): Promise<DemoFleet> {
  const clock = options.now ?? (() => new Date());
  const started = clock();
  await provisionFleet(db, plan);
  await reportShiftCalendars(db, plan);
  const range = historyRange(plan, options.historyDays, started);
  await recordHistoryRange(db, range);
  const missing = await missingDays(db, range);
  const recentFrom = addDays(range.to, -(Math.min(options.recentDays, options.historyDays) - 1));
  const recentDays = missing.filter((day) => day >= recentFrom);
  const olderDays = missing.filter((day) => day < recentFrom);
  const daysTotal = options.historyDays;
  let daysDone = daysTotal - missing.length;

  const fill = async (days: string[], bar: ProgressBar, whileServing?: { signal: AbortSignal }) => {
    const fillStarted = Date.now();
    let filled = 0;
    let records = 0;
    const progress = () => ({ daysDone, daysTotal, records, elapsedMs: Date.now() - fillStarted });
    if (days.length > 0) bar.update(progress());
    await fillDays(db, plan, range, days, {
      // Before the ready line no one reads the database: the rollups are kept once, after the last recent day.
      ...(whileServing === undefined
        ? { rollupsOnce: true }
        : { signal: whileServing.signal, batchSize: BACKGROUND_BATCH }),
      onDay: (_day, dayRecords) => {
        daysDone += 1;
        filled += 1;
        records += dayRecords;
        bar.update(progress());
      },
    });
    bar.finish();
    if (filled > 0 && whileServing?.signal.aborted !== true) await analyze(db);
    return { days: filled, records, elapsedMs: Date.now() - fillStarted };
  };

  if (recentDays.length > 0 && !options.interactive) {
    options.output.write(
      `${LABEL}: filling the newest ${dayCount(recentDays.length)} of ${daysTotal} before the start...\n`,
    );
  }
  const [recent] = await Promise.all([
    fill(recentDays, createProgressBar(options.output, LABEL, { inPlace: options.interactive })),
    options.besideRecentFill?.(),
  ]);
  if (recent.days > 0) {
    options.output.write(
      `${LABEL}: ${daysDone} of ${dayCount(daysTotal)} ready (${count(recent.records)} records in ` +
        `${(recent.elapsedMs / 1000).toFixed(1)} s).\n`,
    );
  }
  const daysReady = daysDone;
  const live: LiveTelemetry | null =
    options.live !== 'off'
      ? createLiveTelemetry(db, plan, {
          intervalMs: options.liveIntervalMs,
          now: clock,
          onError: (error) => options.output.write(`Live telemetry failed: ${String(error)}\n`),
        })
      : null;
  const loop = options.live === 'continuous' ? live : null;
  // Today so far, before the portal is ready: the reports of today have data from the first page view. A restart that
  // found the recent days complete (the same day as the last run) has today up to its stop in the database already:
  // there the live loop's first tick sends what closed since, right after the ready line (a restart's largest piece
  // of work on the main thread: simulating today for every printer, docs/benchmarks.md "Restart").
  const restartedSameDay = loop !== null && recent.days === 0;
  if (!restartedSameDay) await live?.tick(clock());

  const abort = new AbortController();
  let background: Promise<unknown> = Promise.resolve();

  return {
    range,
    daysReady,
    daysTotal,
    recent,
    startBackground() {
      loop?.start(restartedSameDay);
      if (olderDays.length > 0) {
        options.output.write(
          `${LABEL}: ${daysDone} of ${dayCount(daysTotal)} ready; loading the other ${dayCount(olderDays.length)} in the ` +
            `background, newest first (a line every 10 %).\n`,
        );
      }
      const run = (async (): Promise<BackfillSummary> => {
        const done = await fill(olderDays, createProgressBar(options.output, LABEL, { inPlace: false }), {
          signal: abort.signal,
        });
        const complete = daysDone === daysTotal;
        if (done.days > 0 && complete) {
          options.output.write(
            `${LABEL} complete: ${dayCount(daysTotal)}, ${count(done.records)} records in ` +
              `${(done.elapsedMs / 1000).toFixed(1)} s.\n`,
          );
        }
        return { ...done, complete };
      })();
      background = run.catch(() => undefined);
      return run;
    },
    async stop() {
      abort.abort();
      await Promise.all([background, loop?.stop()]);
    },
  };
}
