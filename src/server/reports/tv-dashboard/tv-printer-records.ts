import { sql, type Kysely } from 'kysely';
import type { LocalDay } from '../../../shared/time/local-time.ts';
import type { Database } from '../../db/schema.ts';
import type { PrintedJob, TimeSpan } from './printed-impressions.ts';
import type { ShiftOccurrence, SiteShift } from './shift-calendar.ts';

/** What the Live Dashboard reads of one printer: its site's shifts, its targets, its jobs and how far it has reported. */

/** One stored target of the printer: impressions per shift from a local day on. */
export interface ShiftTarget {
  shiftId: string;
  validFrom: LocalDay;
  impressions: number;
}

/** Longest stored status interval (migration 005): how far back an interval reaching past an instant can start. */
const STATUS_INTERVAL_MAX_MS = 48 * 3_600_000;

export async function siteShifts(db: Kysely<Database>, tenantId: string, siteId: string): Promise<SiteShift[]> {
  const { rows } = await sql<{
    id: string;
    name: string;
    start_minute: number;
    end_minute: number;
    weekdays: number[];
  }>`SELECT id, name, (extract(hour FROM starts_at) * 60 + extract(minute FROM starts_at))::int AS start_minute,
      (extract(hour FROM ends_at) * 60 + extract(minute FROM ends_at))::int AS end_minute, weekdays::int[] AS weekdays
    FROM shifts WHERE tenant_id = ${tenantId} AND site_id = ${siteId} ORDER BY id`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    startMinute: row.start_minute,
    endMinute: row.end_minute,
    weekdays: row.weekdays,
  }));
}

/** Every target stored for the printer, of any shift and validity. */
export async function printerTargets(db: Kysely<Database>, tenantId: string, systemId: string): Promise<ShiftTarget[]> {
  const rows = await db
    .selectFrom('shift_targets')
    .where('tenant_id', '=', tenantId)
    .where('system_id', '=', systemId)
    .select(['shift_id', sql<string>`valid_from::text`.as('valid_from'), 'target_impressions'])
    .execute();
  return rows.map((row) => ({
    shiftId: row.shift_id,
    validFrom: row.valid_from,
    impressions: Number(row.target_impressions),
  }));
}

/** The target of an occurrence: the latest one of its shift valid on the local day it starts; null without one. */
export function targetOf(targets: readonly ShiftTarget[], occurrence: ShiftOccurrence): number | null {
  let found: ShiftTarget | null = null;
  for (const target of targets) {
    if (target.shiftId !== occurrence.shift.id || target.validFrom > occurrence.startDay) continue;
    if (found === null || target.validFrom > found.validFrom) found = target;
  }
  return found?.impressions ?? null;
}

/** The printer's ended jobs whose printing time meets `span` (ended at or after its start, started before its end). */
export async function jobsPrintedDuring(
  db: Kysely<Database>,
  tenantId: string,
  systemId: string,
  span: TimeSpan,
): Promise<PrintedJob[]> {
  const rows = await db
    .selectFrom('jobs')
    .where('tenant_id', '=', tenantId)
    .where('system_id', '=', systemId)
    .where('ended_at', '>=', new Date(span.start))
    .where('started_at', '<', new Date(span.end))
    .select(['started_at', 'ended_at', 'impressions'])
    .execute();
  return rows.map((row) => ({
    start: new Date(row.started_at).getTime(),
    end: new Date(row.ended_at).getTime(),
    impressions: Number(row.impressions),
  }));
}

/**
 * How far the printer has reported its time, looking from `since` on: the end of its latest job or non-printing status
 * interval (a gateway sends both when they end). A job still printing has not been sent, nor has a Printing interval
 * that a gateway cuts at midnight told its job's end; null when nothing has been reported since `since`.
 */
export async function reportedUntil(
  db: Kysely<Database>,
  tenantId: string,
  systemId: string,
  since: number,
): Promise<number | null> {
  const job = await db
    .selectFrom('jobs')
    .where('tenant_id', '=', tenantId)
    .where('system_id', '=', systemId)
    .where('ended_at', '>=', new Date(since))
    .select((eb) => eb.fn.max('ended_at').as('ended_at'))
    .executeTakeFirst();
  const status = await db
    .selectFrom('status_intervals')
    .where('tenant_id', '=', tenantId)
    .where('system_id', '=', systemId)
    .where('started_at', '>=', new Date(since - STATUS_INTERVAL_MAX_MS))
    .where('status', '<>', 'Printing')
    .select((eb) => eb.fn.max('ended_at').as('ended_at'))
    .executeTakeFirst();
  const ends = [job?.ended_at, status?.ended_at].flatMap((end) =>
    end === undefined || end === null ? [] : [new Date(end).getTime()],
  );
  return ends.length === 0 ? null : Math.max(...ends);
}
