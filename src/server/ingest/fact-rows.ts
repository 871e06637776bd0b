import type { Database } from '../db/schema.ts';
import { INK_COLOURS } from './measures.ts';
import type { TelemetryRecord } from './telemetry.schema.ts';

/**
 * The fact kinds (every kind but the shift calendar's) and the row each record becomes in its table. One mapping serves
 * the insert and the comparison of a resent record with the stored one (record-updates.ts), so "the same content"
 * means the same stored row: a field left out and its default (`imageAreaCm2` 0, `message` '') are the same content,
 * and so are two spellings of one instant (`…T12:00:00+01:00` and `…T11:00:00Z`).
 */

export type FactKind = Exclude<TelemetryRecord['kind'], 'shift' | 'shift_target'>;
export type FactRecord = Extract<TelemetryRecord, { kind: FactKind }>;
type RecordOf<K extends FactKind> = Extract<TelemetryRecord, { kind: K }>;

/** A fact row's own columns (without tenant_id, system_id and id); jsonb columns hold JS values, not JSON text. */
export type FactColumns = Record<string, unknown>;

interface FactTable<K extends FactKind> {
  table: keyof Database & string;
  /** timestamptz columns: compared as instants. */
  times: readonly string[];
  /** jsonb columns: written as JSON text, read back as JS values. */
  json: readonly string[];
  columns(record: RecordOf<K>): FactColumns;
}

const ink = (record: RecordOf<'job'>): FactColumns =>
  Object.fromEntries(INK_COLOURS.map((colour) => [`ink_${colour}_ul`, record.inkUl?.[colour] ?? 0]));

export const FACT_TABLES: { [K in FactKind]: FactTable<K> } = {
  status: {
    table: 'status_intervals',
    times: ['started_at', 'ended_at'],
    json: [],
    columns: (record) => ({
      status: record.status,
      started_at: record.startedAt,
      ended_at: record.endedAt,
      code: record.code ?? null,
    }),
  },
  job: {
    table: 'jobs',
    times: ['started_at', 'ended_at'],
    json: [],
    columns: (record) => ({
      started_at: record.startedAt,
      ended_at: record.endedAt,
      impressions: record.impressions,
      image_area_cm2: record.imageAreaCm2 ?? 0,
      print_mode: record.printMode ?? null,
      media_length_mm: record.mediaLengthMm ?? 0,
      media_width_mm: record.mediaWidthMm ?? null,
      dark_garment: record.darkGarment ?? false,
      pretreatment: record.pretreatment ?? false,
      image_name: record.imageName ?? null,
      rejected: record.rejected ?? false,
      ...ink(record),
    }),
  },
  event: {
    table: 'events',
    times: ['started_at', 'ended_at'],
    json: [],
    columns: (record) => ({
      kind: record.type,
      code: record.code,
      message: record.message ?? '',
      started_at: record.startedAt,
      ended_at: record.endedAt ?? null,
    }),
  },
  ink_load: {
    table: 'ink_loads',
    times: ['loaded_at'],
    json: [],
    columns: (record) => ({
      loaded_at: record.loadedAt,
      colour: record.colour,
      volume_ul: record.volumeUl,
      bottle_id: record.bottleId ?? null,
    }),
  },
  software_version: {
    table: 'software_versions',
    times: ['reported_at'],
    json: [],
    columns: (record) => ({ reported_at: record.reportedAt, component: record.component, version: record.version }),
  },
  parameter: {
    table: 'machine_parameters',
    times: ['recorded_at'],
    json: ['value', 'min_value', 'max_value'],
    columns: (record) => ({
      recorded_at: record.recordedAt,
      name: record.name,
      value: record.value,
      // A range edge left out is SQL NULL; an edge sent as null is the JSON null.
      min_value: record.min,
      max_value: record.max,
    }),
  },
  qualiset: {
    table: 'qualiset_results',
    times: ['measured_at'],
    json: [],
    columns: (record) => ({
      measured_at: record.measuredAt,
      test_name: record.testName,
      passed: record.passed,
      score: record.score ?? null,
    }),
  },
};

export const FACT_KINDS = Object.keys(FACT_TABLES) as FactKind[];

export const isFactRecord = (record: TelemetryRecord): record is FactRecord => record.kind in FACT_TABLES;

/** The columns a record becomes (as a resent record is compared). */
export function factColumns(record: FactRecord): FactColumns {
  return (FACT_TABLES[record.kind] as FactTable<FactKind>).columns(record);
}

/** The values to insert: jsonb columns as JSON text (undefined: SQL NULL). */
export function insertValues(kind: FactKind, columns: FactColumns): FactColumns {
  const values = { ...columns };
  for (const column of FACT_TABLES[kind].json) {
    const value = values[column];
    values[column] = value === undefined ? null : JSON.stringify(value);
  }
  return values;
}

/** A column's value in a form that compares equal exactly when the stored content is the same. */
function comparable(kind: FactKind, column: string, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string' && FACT_TABLES[kind].times.includes(column)) return Date.parse(value);
  if (FACT_TABLES[kind].json.includes(column)) return JSON.stringify(value);
  return value;
}

/**
 * The columns whose content differs between a stored row (as the database returns it: Dates, parsed jsonb; a
 * stored SQL NULL range edge and a JSON null edge both read as null) and the columns of a record.
 */
export function differingColumns(kind: FactKind, stored: FactColumns, columns: FactColumns): string[] {
  return Object.keys(columns).filter(
    (column) => comparable(kind, column, stored[column]) !== comparable(kind, column, columns[column]),
  );
}
