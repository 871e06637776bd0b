/**
 * What OEE needs that the data model lacked (docs/kpi-glossary.md "OEE"):
 * - `jobs.rejected`: the printer reports a job whose output was rejected (misprint, scrapped or reprinted);
 * - `rejected_impressions` and `rejected_media_length_mm` in the four rollups, so quality comes from rollups like every
 *   other measure (existing rows stay 0: no job was rejected before this column existed);
 * - `models.ideal_rate_per_hour`: the model's ideal production rate (impressions per hour, metres per hour for DTF),
 *   OEE performance's reference; null while unknown (OEE then shows '--');
 * - shifts start and end on whole hours: planned time is matched against the hourly rollups.
 * The measure list is written out here (a migration never changes once applied); src/server/ingest/measures.ts holds it
 * for the rollup SQL.
 */
export const name = '012-oee-inputs';

const ROLLUPS = ['system_hour', 'system_day', 'site_group_day', 'site_group_hour'];
const wholeHour = (column: string) => `extract(minute FROM ${column}) = 0 AND extract(second FROM ${column}) = 0`;

export const up = `
ALTER TABLE jobs ADD COLUMN rejected boolean NOT NULL DEFAULT false;

ALTER TABLE models ADD COLUMN ideal_rate_per_hour double precision CHECK (ideal_rate_per_hour > 0);

${ROLLUPS.map(
  (table) => `ALTER TABLE ${table}
  ADD COLUMN rejected_impressions bigint NOT NULL DEFAULT 0,
  ADD COLUMN rejected_media_length_mm bigint NOT NULL DEFAULT 0;`,
).join('\n')}

ALTER TABLE shifts ADD CONSTRAINT shifts_whole_hours CHECK (${wholeHour('starts_at')} AND ${wholeHour('ends_at')});
`;
