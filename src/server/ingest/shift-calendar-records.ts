import type { Kysely } from 'kysely';
import { addDays, localDayOf, parseDay } from '../../shared/time/local-time.ts';
import type { Database } from '../db/schema.ts';
import type { TelemetryRecord } from './telemetry.schema.ts';
import { insertChunks } from './insert-chunks.ts';

/**
 * The shift calendar as telemetry (issue #15): `shift` records define a shift of the printer's site, `shift_target`
 * records the printer's impressions target for one of them. Unlike the other kinds they are configuration, not
 * production: they are upserted (a later definition or a corrected target replaces the stored one) instead of
 * appended, and they do not show the printer reporting.
 */

export type ShiftRecord = Extract<TelemetryRecord, { kind: 'shift' }>;
export type ShiftTargetRecord = Extract<TelemetryRecord, { kind: 'shift_target' }>;
export type CalendarRecord = ShiftRecord | ShiftTargetRecord;

/**
 * How far ahead of the site's current local day a target may apply, in days: a target may be announced up to a year
 * ahead (a leap year's worth), not for a day so far out that it would sit in the table for ever, unread.
 */
export const TARGET_MAX_DAYS_AHEAD = 366;

export const isCalendarRecord = (record: TelemetryRecord): record is CalendarRecord =>
  record.kind === 'shift' || record.kind === 'shift_target';

/** The printer a calendar record came from: its system, the site it stands at and the site's time zone. */
export interface CalendarPrinter {
  systemId: string;
  siteId: string;
  timeZone: string;
}

function isRealDay(value: string): boolean {
  try {
    return parseDay(value).year >= 1970;
  } catch {
    return false;
  }
}

/** Checks of a calendar record on its own that JSON Schema cannot express; null when it is fine. */
export function calendarRecordProblem(record: CalendarRecord): string | null {
  if (!isRealDay(record.validFrom)) return '/validFrom is not a real day from 1970 on';
  if (record.kind === 'shift') {
    for (const field of ['startsAt', 'endsAt'] as const) {
      // The database holds the same rule (migration 012): OEE matches planned time against the hourly rollups.
      if (!record[field].endsWith(':00')) return `/${field} is not on a whole hour (HH:00)`;
    }
  }
  return null;
}

/**
 * Checks of calendar records against the site of the printer that sent them, in batch order (a target may name a shift
 * sent earlier in the same batch): a shift belongs to one site for good; a target's shift must be one of the printer's
 * site; a shift's definition may not apply from a day after the site's current one (`latestMs` is the latest instant
 * accepted), since the stored definition is the one every day is read with; a target may not apply from more than
 * `TARGET_MAX_DAYS_AHEAD` days after it. Returns the reasons by batch index.
 */
export async function calendarProblems(
  db: Kysely<Database>,
  tenantId: string,
  entries: readonly { index: number; record: TelemetryRecord; system: CalendarPrinter }[],
  latestMs: number,
): Promise<Map<number, string>> {
  const problems = new Map<number, string>();
  const calendar = entries.flatMap((entry) =>
    isCalendarRecord(entry.record) ? [{ ...entry, record: entry.record }] : [],
  );
  if (calendar.length === 0) return problems;
  const shiftIds = [...new Set(calendar.map((entry) => entry.record.shiftId))];
  const stored = await db
    .selectFrom('shifts')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', shiftIds)
    .select(['id', 'site_id'])
    .execute();
  const siteOfShift = new Map(stored.map((row) => [row.id, row.site_id]));

  for (const { index, record, system } of calendar) {
    const site = siteOfShift.get(record.shiftId);
    const today = localDayOf(latestMs, system.timeZone);
    if (site !== undefined && site !== system.siteId) {
      problems.set(
        index,
        `/shiftId ${record.shiftId} is a shift of site ${site}, not of this printer's site ${system.siteId}`,
      );
    } else if (record.kind === 'shift_target' && site === undefined) {
      problems.set(
        index,
        `/shiftId ${record.shiftId} is not a shift of this printer's site (send its shift record first, or in the same batch before the target)`,
      );
    } else if (record.kind === 'shift' && record.validFrom > today) {
      problems.set(
        index,
        "/validFrom is after the site's current day (send a shift's new definition on the day it takes effect)",
      );
    } else if (record.kind === 'shift_target' && record.validFrom > addDays(today, TARGET_MAX_DAYS_AHEAD)) {
      problems.set(
        index,
        `/validFrom is more than ${TARGET_MAX_DAYS_AHEAD} days after the site's current day (a target may be announced at most a year ahead)`,
      );
    } else {
      siteOfShift.set(record.shiftId, system.siteId);
    }
  }
  return problems;
}

/**
 * Upserts the stored calendar records: a shift takes the definition with the latest validFrom (of the batch and the
 * table; a tie goes to the later record), a target the latest record for its printer, shift and validFrom. Shifts go
 * first, so a target may name a shift of the same batch.
 */
export async function storeCalendar(
  trx: Kysely<Database>,
  tenantId: string,
  stored: readonly { record: TelemetryRecord; system: CalendarPrinter }[],
): Promise<void> {
  const shifts = new Map<string, { record: ShiftRecord; siteId: string }>();
  const targets = new Map<string, { record: ShiftTargetRecord; systemId: string }>();
  for (const { record, system } of stored) {
    if (record.kind === 'shift') {
      const known = shifts.get(record.shiftId);
      if (known === undefined || known.record.validFrom <= record.validFrom) {
        shifts.set(record.shiftId, { record, siteId: system.siteId });
      }
    } else if (record.kind === 'shift_target') {
      targets.set(JSON.stringify([system.systemId, record.shiftId, record.validFrom]), {
        record,
        systemId: system.systemId,
      });
    }
  }

  for (const part of insertChunks([...shifts.values()])) {
    await trx
      .insertInto('shifts')
      .values(
        part.map(({ record, siteId }) => ({
          tenant_id: tenantId,
          id: record.shiftId,
          site_id: siteId,
          name: record.name,
          starts_at: record.startsAt,
          ends_at: record.endsAt,
          weekdays: record.weekdays,
          valid_from: record.validFrom,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['tenant_id', 'id'])
          .doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            starts_at: eb.ref('excluded.starts_at'),
            ends_at: eb.ref('excluded.ends_at'),
            weekdays: eb.ref('excluded.weekdays'),
            valid_from: eb.ref('excluded.valid_from'),
          }))
          // An older definition arriving late changes nothing; a shift never moves to another site (checked before).
          .whereRef('shifts.valid_from', '<=', 'excluded.valid_from')
          .whereRef('shifts.site_id', '=', 'excluded.site_id'),
      )
      .execute();
  }
  for (const part of insertChunks([...targets.values()])) {
    await trx
      .insertInto('shift_targets')
      .values(
        part.map(({ record, systemId }) => ({
          tenant_id: tenantId,
          system_id: systemId,
          shift_id: record.shiftId,
          valid_from: record.validFrom,
          target_impressions: record.targetImpressions,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['tenant_id', 'system_id', 'shift_id', 'valid_from'])
          .doUpdateSet((eb) => ({ target_impressions: eb.ref('excluded.target_impressions') })),
      )
      .execute();
  }
}
