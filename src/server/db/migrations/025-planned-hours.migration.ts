/**
 * Issue #30: OEE's planned time read from rollups like every other figure (src/server/ingest/planned-hours.sql.ts).
 * `planned_spans` keeps per system the hours the planned rollup covers: from `first_hour` (the hour of the earliest
 * time a record it sent holds) to `data_end` (the end of its data: its last update or the end of its latest status interval,
 * whichever is later). `planned_hour` has a row for every UTC hour of that span inside a shift the system works, with
 * its planned seconds (up to the data end) and the OEE measures of its system_hour row; `planned_day` sums them per
 * local day of the site. This migration fills all three from the rows that exist, as the ingest path keeps them.
 * Written out literally: a migration never changes once applied.
 */
export const name = '025-planned-hours';

/** Columns, types and how an hour's value is made of its system_hour `h` row less the jobs `e` ending at the data end. */
const MEASURES: [string, string, string][] = [
  ['planned_seconds', 'double precision', ''],
  [
    'run_seconds',
    'double precision',
    'coalesce(h.printing_seconds + h.preparation_seconds + h.idle_seconds, 0) * n.shifts',
  ],
  ['impressions', 'bigint', 'coalesce(h.impressions, 0) - coalesce(e.impressions, 0)'],
  ['rejected_impressions', 'bigint', 'coalesce(h.rejected_impressions, 0) - coalesce(e.rejected_impressions, 0)'],
  ['media_length_mm', 'bigint', 'coalesce(h.media_length_mm, 0) - coalesce(e.media_length_mm, 0)'],
  [
    'rejected_media_length_mm',
    'bigint',
    'coalesce(h.rejected_media_length_mm, 0) - coalesce(e.rejected_media_length_mm, 0)',
  ],
];
const definitions = MEASURES.map(([column, type]) => `${column} ${type} NOT NULL DEFAULT 0`).join(',\n  ');
const columns = MEASURES.map(([column]) => column).join(', ');
/** Where each record kind's time starts: the earliest over a system's rows is where its data starts. */
const RECORD_STARTS = [
  ['status_intervals', 'started_at'],
  ['jobs', 'started_at'],
  ['events', 'started_at'],
  ['ink_loads', 'loaded_at'],
  ['software_versions', 'reported_at'],
  ['machine_parameters', 'recorded_at'],
  ['qualiset_results', 'measured_at'],
];
const tenantSetting = `current_setting('app.tenant_id', true)`;

const workedOn = (day: string) =>
  `extract(isodow FROM ${day})::int = ANY(w.weekdays)
    AND (w.from_day IS NULL OR ${day} >= w.from_day) AND (w.until_day IS NULL OR ${day} <= w.until_day)`;

const policy = (table: string) => `
GRANT SELECT, INSERT, UPDATE, DELETE ON ${table} TO portal_api;
ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON ${table} FOR ALL TO portal_api
  USING (tenant_id = ${tenantSetting}) WITH CHECK (tenant_id = ${tenantSetting});`;

export const up = `
CREATE TABLE planned_spans (
  tenant_id text NOT NULL,
  system_id text NOT NULL,
  first_hour timestamptz NOT NULL,
  data_end timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, system_id),
  FOREIGN KEY (tenant_id, system_id) REFERENCES systems (tenant_id, id)
);

CREATE TABLE planned_hour (
  tenant_id text NOT NULL,
  system_id text NOT NULL,
  hour_start timestamptz NOT NULL,
  ${definitions},
  PRIMARY KEY (tenant_id, system_id, hour_start),
  FOREIGN KEY (tenant_id, system_id) REFERENCES systems (tenant_id, id)
);

CREATE TABLE planned_day (
  tenant_id text NOT NULL,
  system_id text NOT NULL,
  local_day date NOT NULL,
  ${definitions},
  PRIMARY KEY (tenant_id, system_id, local_day),
  FOREIGN KEY (tenant_id, system_id) REFERENCES systems (tenant_id, id)
);

INSERT INTO planned_spans (tenant_id, system_id, first_hour, data_end)
SELECT e.tenant_id, e.id, date_trunc('hour', e.first_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', e.data_end
FROM (
  SELECT sy.tenant_id, sy.id,
    greatest(sy.last_reported_at, (SELECT max(s.ended_at) FROM status_intervals s
      WHERE s.tenant_id = sy.tenant_id AND s.system_id = sy.id)) AS data_end,
    least(${RECORD_STARTS.map(
      ([table, column]) =>
        `(SELECT min(r.${column}) FROM ${table} r WHERE r.tenant_id = sy.tenant_id AND r.system_id = sy.id)`,
    ).join(', ')}) AS first_at
  FROM systems sy
) e
WHERE e.data_end IS NOT NULL AND e.first_at IS NOT NULL;

WITH w AS MATERIALIZED (
  SELECT sy.tenant_id, sy.id AS system_id,
    (extract(hour FROM sh.starts_at) * 60)::int AS start_minute,
    (extract(hour FROM sh.ends_at) * 60)::int AS end_minute,
    sh.weekdays::int[] AS weekdays,
    greatest(min(st.valid_from), sy.model_start_date) AS from_day,
    sy.model_end_date AS until_day
  FROM systems sy
  JOIN shifts sh ON sh.tenant_id = sy.tenant_id AND sh.site_id = sy.site_id
  LEFT JOIN shift_targets st ON st.tenant_id = sy.tenant_id AND st.system_id = sy.id AND st.shift_id = sh.id
  GROUP BY sy.tenant_id, sy.id, sh.id, sh.starts_at, sh.ends_at, sh.weekdays, sy.model_start_date, sy.model_end_date
  HAVING count(st.shift_id) > 0
    OR NOT EXISTS (SELECT 1 FROM shift_targets x WHERE x.tenant_id = sy.tenant_id AND x.system_id = sy.id)
),
hours AS (
  SELECT p.tenant_id, p.system_id, g.hour_start, p.data_end, g.hour_start AT TIME ZONE si.time_zone AS local_at
  FROM planned_spans p
  JOIN systems sy ON sy.tenant_id = p.tenant_id AND sy.id = p.system_id
  JOIN sites si ON si.tenant_id = sy.tenant_id AND si.id = sy.site_id
  CROSS JOIN LATERAL generate_series(p.first_hour, p.data_end - interval '1 microsecond', interval '1 hour') AS g(hour_start)
),
k AS (
  SELECT hours.*, hours.local_at::date AS local_day,
    (extract(hour FROM hours.local_at) * 60 + extract(minute FROM hours.local_at))::int AS local_minute
  FROM hours
),
-- The shifts each hour lies in: shifts that overlap count once each, as the calendar's planned time does.
n AS (
  SELECT k.tenant_id, k.system_id, k.hour_start, k.data_end, count(*)::int AS shifts
  FROM k JOIN w ON w.tenant_id = k.tenant_id AND w.system_id = k.system_id
  WHERE (w.end_minute > w.start_minute AND k.local_minute >= w.start_minute AND k.local_minute < w.end_minute
      AND ${workedOn('k.local_day')})
    OR (w.end_minute <= w.start_minute AND k.local_minute >= w.start_minute AND ${workedOn('k.local_day')})
    OR (w.end_minute <= w.start_minute AND k.local_minute < w.end_minute AND ${workedOn('(k.local_day - 1)')})
  GROUP BY k.tenant_id, k.system_id, k.hour_start, k.data_end
)
INSERT INTO planned_hour (tenant_id, system_id, hour_start, ${columns})
SELECT n.tenant_id, n.system_id, n.hour_start,
  least(3600, extract(epoch FROM n.data_end - n.hour_start))::float8 * n.shifts,
  ${MEASURES.slice(1)
    .map(([, , value]) => value)
    .join(', ')}
FROM n
LEFT JOIN system_hour h ON h.tenant_id = n.tenant_id AND h.system_id = n.system_id AND h.hour_start = n.hour_start
-- Jobs that ended exactly at the data end lie outside the planned time, which ends there; production counts once.
LEFT JOIN LATERAL (
  SELECT sum(j.impressions) AS impressions, sum(j.impressions) FILTER (WHERE j.rejected) AS rejected_impressions,
    sum(j.media_length_mm) AS media_length_mm,
    sum(j.media_length_mm) FILTER (WHERE j.rejected) AS rejected_media_length_mm
  FROM jobs j
  WHERE j.tenant_id = n.tenant_id AND j.system_id = n.system_id AND j.ended_at = n.data_end
    AND n.data_end < n.hour_start + interval '1 hour'
) e ON true;

INSERT INTO planned_day (tenant_id, system_id, local_day, ${columns})
SELECT h.tenant_id, h.system_id, (h.hour_start AT TIME ZONE si.time_zone)::date,
  ${MEASURES.map(([column]) => `sum(h.${column})`).join(', ')}
FROM planned_hour h
JOIN systems sy ON sy.tenant_id = h.tenant_id AND sy.id = h.system_id
JOIN sites si ON si.tenant_id = sy.tenant_id AND si.id = sy.site_id
GROUP BY h.tenant_id, h.system_id, (h.hour_start AT TIME ZONE si.time_zone)::date;
${policy('planned_spans')}
${policy('planned_hour')}
${policy('planned_day')}
`;
