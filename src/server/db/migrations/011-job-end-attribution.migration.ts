/**
 * Issue 10: a job counts in the hour and local day its END falls in (docs/kpi-glossary.md), no longer where it started.
 * Data folders and databases made before this migration hold start-attributed rollups, so this recomputes every
 * job-derived rollup value from the raw jobs under the new rule: the job columns of system_hour and system_day (status
 * seconds and ink loads are untouched), all of job_day, then the site rollups from the system rollups (as migration 010
 * filled them). The column lists are written out: a migration never changes once applied.
 */
export const name = '011-job-end-attribution';

const INK_COLOURS = ['cyan', 'magenta', 'yellow', 'black', 'white', 'fof', 'softener'];
const JOB_GROUPS: [string, string][] = [
  ['small', `j.size_category = 'Small'`],
  ['medium', `j.size_category = 'Medium'`],
  ['large', `j.size_category = 'Large'`],
  ...[0, 1, 2, 3].map((mode): [string, string] => [`mode_${mode}`, `j.print_mode = ${mode}`]),
];
const PRINT_SECONDS = 'extract(epoch FROM j.ended_at - j.started_at)';

/** Job-derived columns of system_hour and system_day, and how each sums the jobs `j`. */
const JOB_MEASURES: [string, string][] = [
  ['jobs', 'count(*)::int'],
  ['impressions', 'coalesce(sum(j.impressions), 0)'],
  ['dark_impressions', 'coalesce(sum(j.impressions) FILTER (WHERE j.dark_garment), 0)'],
  ['media_length_mm', 'coalesce(sum(j.media_length_mm), 0)'],
  ['print_seconds', `coalesce(sum(${PRINT_SECONDS}), 0)`],
  ...INK_COLOURS.map((colour): [string, string] => [`ink_${colour}_ul`, `coalesce(sum(j.ink_${colour}_ul), 0)`]),
];

const JOB_DAY_MEASURES: [string, string][] = JOB_GROUPS.flatMap(([group, where]): [string, string][] => [
  [`jobs_${group}`, `count(*) FILTER (WHERE ${where})::int`],
  [`impressions_${group}`, `coalesce(sum(j.impressions) FILTER (WHERE ${where}), 0)`],
  [
    `ink_${group}_ul`,
    `coalesce(sum(${INK_COLOURS.map((colour) => `j.ink_${colour}_ul::bigint`).join(' + ')}) FILTER (WHERE ${where}), 0)`,
  ],
  [`print_seconds_${group}`, `coalesce(sum(${PRINT_SECONDS}) FILTER (WHERE ${where}), 0)`],
]);

/** Every measure of the site rollups (migration 010). */
const SITE_MEASURES = [
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
  ...INK_COLOURS.map((colour) => `ink_${colour}_ul`),
];

const names = (measures: [string, string][]) => measures.map(([column]) => column).join(', ');
const values = (measures: [string, string][]) => measures.map(([, expression]) => expression).join(', ');
const updates = (measures: [string, string][]) =>
  measures.map(([column]) => `${column} = EXCLUDED.${column}`).join(', ');
const siteColumns = SITE_MEASURES.join(', ');
const siteSums = (alias: string) => SITE_MEASURES.map((column) => `sum(${alias}.${column})`).join(', ');

/** The whole UTC hour and the site-local day of a job's end. */
const END_HOUR = `date_trunc('hour', j.ended_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;
const END_DAY = `(j.ended_at AT TIME ZONE si.time_zone)::date`;
const JOBS_WITH_ZONE = `jobs j
  JOIN systems sy ON sy.tenant_id = j.tenant_id AND sy.id = j.system_id
  JOIN sites si ON si.tenant_id = sy.tenant_id AND si.id = sy.site_id`;

export const up = `
UPDATE system_hour SET ${JOB_MEASURES.map(([column]) => `${column} = 0`).join(', ')} WHERE jobs <> 0;
INSERT INTO system_hour (tenant_id, system_id, hour_start, ${names(JOB_MEASURES)})
SELECT j.tenant_id, j.system_id, ${END_HOUR}, ${values(JOB_MEASURES)}
FROM jobs j
GROUP BY j.tenant_id, j.system_id, ${END_HOUR}
ON CONFLICT (tenant_id, system_id, hour_start) DO UPDATE SET ${updates(JOB_MEASURES)};

UPDATE system_day SET ${JOB_MEASURES.map(([column]) => `${column} = 0`).join(', ')} WHERE jobs <> 0;
INSERT INTO system_day (tenant_id, system_id, local_day, ${names(JOB_MEASURES)})
SELECT j.tenant_id, j.system_id, ${END_DAY}, ${values(JOB_MEASURES)}
FROM ${JOBS_WITH_ZONE}
GROUP BY j.tenant_id, j.system_id, ${END_DAY}
ON CONFLICT (tenant_id, system_id, local_day) DO UPDATE SET ${updates(JOB_MEASURES)};

DELETE FROM job_day;
INSERT INTO job_day (tenant_id, system_id, local_day, ${names(JOB_DAY_MEASURES)})
SELECT j.tenant_id, j.system_id, ${END_DAY}, ${values(JOB_DAY_MEASURES)}
FROM ${JOBS_WITH_ZONE}
GROUP BY j.tenant_id, j.system_id, ${END_DAY};

DELETE FROM site_group_day;
INSERT INTO site_group_day (tenant_id, site_id, system_group, local_day, ${siteColumns})
SELECT d.tenant_id, sy.site_id, sy.system_group, d.local_day, ${siteSums('d')}
FROM system_day d JOIN systems sy ON sy.tenant_id = d.tenant_id AND sy.id = d.system_id
GROUP BY d.tenant_id, sy.site_id, sy.system_group, d.local_day;

DELETE FROM site_group_hour;
INSERT INTO site_group_hour (tenant_id, site_id, system_group, local_day, local_hour, ${siteColumns})
SELECT u.tenant_id, u.site_id, u.system_group, (u.local_start)::date, extract(hour FROM u.local_start)::smallint, ${siteSums('u')}
FROM (
  SELECT h.*, sy.site_id, sy.system_group, h.hour_start AT TIME ZONE si.time_zone AS local_start
  FROM system_hour h
  JOIN systems sy ON sy.tenant_id = h.tenant_id AND sy.id = h.system_id
  JOIN sites si ON si.tenant_id = sy.tenant_id AND si.id = sy.site_id
) u
GROUP BY u.tenant_id, u.site_id, u.system_group, (u.local_start)::date, extract(hour FROM u.local_start)::smallint;
`;
