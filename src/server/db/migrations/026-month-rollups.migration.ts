/**
 * Issue #30 item 4: Jobs Analysis over a year read a row per system and day (system_day, job_day: 365 per printer).
 * system_month and job_month hold the same measures per system and local month of its site (`month_start`, the month's
 * first day), kept by the ingest path from the day rollups (src/server/ingest/month-rollups.sql.ts), so whole months of
 * a long period are one row per printer. A job counts in the month of the local day its end falls in, as in the day
 * rollups. This migration fills both tables from the day rollups that exist.
 * The column lists are written out: a migration never changes once applied.
 */
export const name = '026-month-rollups';

const SYSTEM_COLUMNS = [
  'jobs',
  'impressions',
  'dark_impressions',
  'media_length_mm',
  'print_seconds',
  'bottles_loaded',
  'printing_seconds',
  'preparation_seconds',
  'idle_seconds',
  'error_seconds',
  'maintenance_seconds',
  'not_reporting_seconds',
  'ink_cyan_ul',
  'ink_magenta_ul',
  'ink_yellow_ul',
  'ink_black_ul',
  'ink_white_ul',
  'ink_fof_ul',
  'ink_softener_ul',
  'rejected_impressions',
  'rejected_media_length_mm',
];

const JOB_GROUPS = ['small', 'medium', 'large', 'mode_0', 'mode_1', 'mode_2', 'mode_3'];
const JOB_COLUMNS = [
  ...JOB_GROUPS.flatMap((group) => [
    `jobs_${group}`,
    `impressions_${group}`,
    `ink_${group}_ul`,
    `print_seconds_${group}`,
  ]),
  ...JOB_GROUPS.flatMap((group) => [`media_length_mm_${group}`, `media_width_max_mm_${group}`]),
];
/** The widest film of a month is the widest of its days; every other column adds up. */
const monthOf = (column: string) => (column.startsWith('media_width_max_mm_') ? `max(${column})` : `sum(${column})`);

const tenantSetting = `current_setting('app.tenant_id', true)`;

const monthTable = (table: string, dayTable: string, columns: readonly string[]) => `
CREATE TABLE ${table} (LIKE ${dayTable} INCLUDING DEFAULTS);
ALTER TABLE ${table} RENAME COLUMN local_day TO month_start;
ALTER TABLE ${table} ADD PRIMARY KEY (tenant_id, system_id, month_start),
  ADD FOREIGN KEY (tenant_id, system_id) REFERENCES systems (tenant_id, id),
  ADD CHECK (month_start = date_trunc('month', month_start)::date);
GRANT SELECT, INSERT, UPDATE, DELETE ON ${table} TO portal_api;
ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON ${table} FOR ALL TO portal_api
  USING (tenant_id = ${tenantSetting}) WITH CHECK (tenant_id = ${tenantSetting});
INSERT INTO ${table} (tenant_id, system_id, month_start, ${columns.join(', ')})
SELECT tenant_id, system_id, date_trunc('month', local_day)::date, ${columns.map(monthOf).join(', ')}
FROM ${dayTable}
GROUP BY tenant_id, system_id, date_trunc('month', local_day)::date;`;

export const up = `${monthTable('system_month', 'system_day', SYSTEM_COLUMNS)}
${monthTable('job_month', 'job_day', JOB_COLUMNS)}
`;
