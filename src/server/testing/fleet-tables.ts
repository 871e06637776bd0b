import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Every table the ingest path writes for fleet data: raw rows, rollups, OEE's planned rollup, the systems' last update. */
export const FLEET_DATA_TABLES = [
  'jobs',
  'status_intervals',
  'events',
  'ink_loads',
  'software_versions',
  'machine_parameters',
  'qualiset_results',
  'shifts',
  'shift_targets',
  'system_hour',
  'system_day',
  'job_day',
  'system_month',
  'job_month',
  'site_group_day',
  'site_group_hour',
  'planned_hour',
  'planned_day',
  'planned_spans',
  'systems',
] as const;

/** A table's rows as sorted JSON texts, to compare two databases table by table. */
export async function rowsOf(db: Kysely<Database>, table: string): Promise<string[]> {
  const { rows } = await sql<{ row: string }>`SELECT to_jsonb(t)::text AS row FROM ${sql.table(table)} t`.execute(db);
  return rows.map((entry) => entry.row).sort();
}

/** ingest_records' rows as sorted JSON texts, without received_at (the wall clock of the write). */
export async function ingestRecordsOf(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ row: string }>`SELECT (to_jsonb(t) - 'received_at')::text AS row
    FROM ingest_records t`.execute(db);
  return rows.map((entry) => entry.row).sort();
}
