import { createHash } from 'node:crypto';
import { differingColumns, factColumns, type FactColumns, type FactKind, type FactRecord } from './fact-rows.ts';
import type { TelemetryRecord } from './telemetry.schema.ts';

/**
 * What a record does when its identity — (tenant, printer, kind, id) — is already stored (README "Sending telemetry",
 * docs/kpi-glossary.md "Events that end later"). Nothing is dropped without a reason:
 * - the same content again is a duplicate (a retry): nothing changes;
 * - an `event` is sent when it starts (no `endedAt`) and again when it ends: a record that adds or moves its end, or
 *   changes its type, code or message, updates the stored event. A record without an end never removes a stored end:
 *   one that differs from the stored event only by lacking the end is an earlier state arriving late (a duplicate),
 *   any other such record is rejected. A different `startedAt` is another event and is rejected;
 * - `shift` and `shift_target` are configuration: a changed record updates it (through the calendar's own rules);
 * - every other kind is reported once, when it is complete (a job or status interval when it ends, a reading when it
 *   is taken): other content under a stored identity is an id used twice and is rejected.
 */

/** The stored state of one identity: the fact row's columns, or a calendar record's content hash. */
export type StoredState = { kind: FactKind; columns: FactColumns } | { kind: 'shift' | 'shift_target'; hash: string };

export type Resolution =
  { outcome: 'duplicate' } | { outcome: 'updated'; next: StoredState } | { outcome: 'rejected'; reason: string };

/** Record fields named differently from their columns (the others are the camelCase of the column). */
const FIELD_OF_COLUMN: Record<string, string> = { kind: 'type', min_value: 'min', max_value: 'max' };
function fieldOf(column: string): string {
  const renamed = FIELD_OF_COLUMN[column];
  if (renamed !== undefined) return renamed;
  const colour = /^ink_(\w+)_ul$/.exec(column)?.[1];
  if (colour !== undefined) return `inkUl.${colour}`;
  return column.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase());
}

const otherContent = (record: TelemetryRecord, columns: readonly string[]) =>
  `id ${record.id} already stored with other content (${columns.map(fieldOf).join(', ')} differ)`;

/** A calendar record's content: its fields in a fixed order. */
export function calendarHash(record: TelemetryRecord): string {
  const sorted = Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

/** The state a record makes when its identity is new. */
export function initialState(record: TelemetryRecord): StoredState {
  return record.kind === 'shift' || record.kind === 'shift_target'
    ? { kind: record.kind, hash: calendarHash(record) }
    : { kind: record.kind, columns: factColumns(record) };
}

/** What `record` does to the stored state of its identity (the rules above). */
export function resolveKnown(stored: StoredState, record: TelemetryRecord): Resolution {
  if (!('columns' in stored)) {
    const hash = calendarHash(record);
    return hash === stored.hash ? { outcome: 'duplicate' } : { outcome: 'updated', next: { kind: stored.kind, hash } };
  }
  const columns = factColumns(record as FactRecord);
  const differing = differingColumns(stored.kind, stored.columns, columns);
  if (differing.length === 0) return { outcome: 'duplicate' };
  if (stored.kind !== 'event' || differing.includes('started_at')) {
    return { outcome: 'rejected', reason: otherContent(record, differing) };
  }
  if (columns['ended_at'] === null && stored.columns['ended_at'] !== null) {
    return differing.length === 1
      ? { outcome: 'duplicate' }
      : {
          outcome: 'rejected',
          reason: `${otherContent(record, differing)}: the event has ended, a record without endedAt cannot change it`,
        };
  }
  return { outcome: 'updated', next: { kind: 'event', columns } };
}
