/**
 * Issue 12 (Jobs Analysis): the DTF per-unit cards and the film summary need the printed film per size category and
 * print mode, which job_day did not hold. Adds, per job_day group, the media length of its jobs and the widest film
 * they were printed on, and fills them from the raw jobs by the local day of each job's end (as migration 011 did).
 * The column lists are written out: a migration never changes once applied.
 */
export const name = '014-job-day-media';

const JOB_GROUPS: [string, string][] = [
  ['small', `j.size_category = 'Small'`],
  ['medium', `j.size_category = 'Medium'`],
  ['large', `j.size_category = 'Large'`],
  ...[0, 1, 2, 3].map((mode): [string, string] => [`mode_${mode}`, `j.print_mode = ${mode}`]),
];

const MEASURES: [string, string, string][] = JOB_GROUPS.flatMap(([group, where]): [string, string, string][] => [
  [`media_length_mm_${group}`, 'bigint', `coalesce(sum(j.media_length_mm) FILTER (WHERE ${where}), 0)`],
  [`media_width_max_mm_${group}`, 'integer', `coalesce(max(j.media_width_mm) FILTER (WHERE ${where}), 0)`],
]);

const END_DAY = `(j.ended_at AT TIME ZONE si.time_zone)::date`;

export const up = `
ALTER TABLE job_day
  ${MEASURES.map(([column, type]) => `ADD COLUMN ${column} ${type} NOT NULL DEFAULT 0`).join(',\n  ')};

UPDATE job_day d SET ${MEASURES.map(([column]) => `${column} = m.${column}`).join(', ')}
FROM (
  SELECT j.tenant_id, j.system_id, ${END_DAY} AS local_day,
    ${MEASURES.map(([column, , expression]) => `${expression} AS ${column}`).join(',\n    ')}
  FROM jobs j
  JOIN systems sy ON sy.tenant_id = j.tenant_id AND sy.id = j.system_id
  JOIN sites si ON si.tenant_id = sy.tenant_id AND si.id = sy.site_id
  GROUP BY j.tenant_id, j.system_id, ${END_DAY}
) m
WHERE d.tenant_id = m.tenant_id AND d.system_id = m.system_id AND d.local_day = m.local_day;
`;
