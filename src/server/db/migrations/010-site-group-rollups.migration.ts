/**
 * Site rollups: the measures of all systems of one site and system group per local day and per local hour of day,
 * kept by the ingest path from system_day and system_hour (src/server/ingest/site-rollups.sql.ts). A report over every
 * system of a site (the usual "all systems" selection) reads one row per site instead of one per system: the
 * Overview's hour-of-day charts and matrices over a week or a month, and the achievements' year of days
 * (docs/benchmarks.md). local_day and local_hour are the site's wall-clock day and hour of the system_hour row's start
 * (on the autumn DST day the repeated hour sums both UTC hours, as the reports show it).
 * This migration fills both tables from the rollups that exist.
 */
export const name = '010-site-group-rollups';

const MEASURES = [
  ['jobs', 'integer'],
  ['impressions', 'bigint'],
  ['dark_impressions', 'bigint'],
  ['media_length_mm', 'bigint'],
  ['print_seconds', 'double precision'],
  ['bottles_loaded', 'integer'],
  ['printing_seconds', 'double precision'],
  ['preparation_seconds', 'double precision'],
  ['idle_seconds', 'double precision'],
  ['error_seconds', 'double precision'],
  ['maintenance_seconds', 'double precision'],
  ['not_reporting_seconds', 'double precision'],
  ['ink_cyan_ul', 'bigint'],
  ['ink_magenta_ul', 'bigint'],
  ['ink_yellow_ul', 'bigint'],
  ['ink_black_ul', 'bigint'],
  ['ink_white_ul', 'bigint'],
  ['ink_fof_ul', 'bigint'],
  ['ink_softener_ul', 'bigint'],
];

const columnDefinitions = MEASURES.map(([column, type]) => `${column} ${type} NOT NULL DEFAULT 0`).join(',\n  ');
const columns = MEASURES.map(([column]) => column).join(', ');
const sums = (alias: string) => MEASURES.map(([column]) => `sum(${alias}.${column})`).join(', ');
const tenantSetting = `current_setting('app.tenant_id', true)`;

export const up = `
CREATE TABLE site_group_day (
  tenant_id text NOT NULL,
  site_id text NOT NULL,
  system_group text NOT NULL CHECK (system_group IN ('DTG', 'DTF', 'Apollo')),
  local_day date NOT NULL,
  ${columnDefinitions},
  PRIMARY KEY (tenant_id, site_id, system_group, local_day),
  FOREIGN KEY (tenant_id, site_id) REFERENCES sites (tenant_id, id)
);

CREATE TABLE site_group_hour (
  tenant_id text NOT NULL,
  site_id text NOT NULL,
  system_group text NOT NULL CHECK (system_group IN ('DTG', 'DTF', 'Apollo')),
  local_day date NOT NULL,
  local_hour smallint NOT NULL CHECK (local_hour BETWEEN 0 AND 23),
  ${columnDefinitions},
  PRIMARY KEY (tenant_id, site_id, system_group, local_day, local_hour),
  FOREIGN KEY (tenant_id, site_id) REFERENCES sites (tenant_id, id)
);

INSERT INTO site_group_day (tenant_id, site_id, system_group, local_day, ${columns})
SELECT d.tenant_id, sy.site_id, sy.system_group, d.local_day, ${sums('d')}
FROM system_day d JOIN systems sy ON sy.tenant_id = d.tenant_id AND sy.id = d.system_id
GROUP BY d.tenant_id, sy.site_id, sy.system_group, d.local_day;

INSERT INTO site_group_hour (tenant_id, site_id, system_group, local_day, local_hour, ${columns})
SELECT u.tenant_id, u.site_id, u.system_group, (u.local_start)::date, extract(hour FROM u.local_start)::smallint, ${sums('u')}
FROM (
  SELECT h.*, sy.site_id, sy.system_group, h.hour_start AT TIME ZONE si.time_zone AS local_start
  FROM system_hour h
  JOIN systems sy ON sy.tenant_id = h.tenant_id AND sy.id = h.system_id
  JOIN sites si ON si.tenant_id = sy.tenant_id AND si.id = sy.site_id
) u
GROUP BY u.tenant_id, u.site_id, u.system_group, (u.local_start)::date, extract(hour FROM u.local_start)::smallint;

GRANT SELECT, INSERT, UPDATE, DELETE ON site_group_day, site_group_hour TO portal_api;
ALTER TABLE site_group_day ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON site_group_day FOR ALL TO portal_api
  USING (tenant_id = ${tenantSetting}) WITH CHECK (tenant_id = ${tenantSetting});
ALTER TABLE site_group_hour ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON site_group_hour FOR ALL TO portal_api
  USING (tenant_id = ${tenantSetting}) WITH CHECK (tenant_id = ${tenantSetting});
`;
