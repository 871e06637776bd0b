/**
 * The fleet data model of docs/architecture.md §5: the facts printers report, the rollups the ingest path keeps
 * in the same transaction, and the ingest bookkeeping (idempotency by record id, per-tenant ingest tokens).
 * Every fact and rollup key starts with (tenant_id, system_id, …) so Citus can distribute and colocate by either;
 * time columns carry BRIN indexes (rows arrive roughly in time order). Ink is integer microlitres.
 * The measure lists are written out here (a migration never changes once applied); src/server/ingest/measures.ts
 * holds the same lists for the rollup SQL, and ingest tests check both against the live columns.
 */
export const name = '002-fleet-data';

const INK_COLOURS = ['cyan', 'magenta', 'yellow', 'black', 'white', 'fof', 'softener'];
const STATUSES = [
  { name: 'Printing', column: 'printing_seconds' },
  { name: 'Preparation', column: 'preparation_seconds' },
  { name: 'Idle', column: 'idle_seconds' },
  { name: 'Error', column: 'error_seconds' },
  { name: 'Maintenance', column: 'maintenance_seconds' },
  { name: 'NotReporting', column: 'not_reporting_seconds' },
];
const SIZE_CATEGORIES = [{ key: 'small' }, { key: 'medium' }, { key: 'large' }];
const PRINT_MODES = [0, 1, 2, 3];

const inkColumns = (prefix = 'ink_') =>
  INK_COLOURS.map((colour) => `${prefix}${colour}_ul bigint NOT NULL DEFAULT 0`).join(',\n  ');
const statusColumns = STATUSES.map((status) => `${status.column} double precision NOT NULL DEFAULT 0`).join(',\n  ');

/** Rollup measures shared by system_hour and system_day. */
const rollupMeasures = `
  jobs integer NOT NULL DEFAULT 0,
  impressions bigint NOT NULL DEFAULT 0,
  dark_impressions bigint NOT NULL DEFAULT 0,
  media_length_mm bigint NOT NULL DEFAULT 0,
  print_seconds double precision NOT NULL DEFAULT 0,
  bottles_loaded integer NOT NULL DEFAULT 0,
  ${statusColumns},
  ${inkColumns()}`;

const jobDayMeasures = [
  ...SIZE_CATEGORIES.map((size) => size.key),
  ...PRINT_MODES.map((mode) => `mode_${mode}`),
].flatMap((group) => [
  `jobs_${group} integer NOT NULL DEFAULT 0`,
  `impressions_${group} bigint NOT NULL DEFAULT 0`,
  `ink_${group}_ul bigint NOT NULL DEFAULT 0`,
  `print_seconds_${group} double precision NOT NULL DEFAULT 0`,
]);

export const up = `
ALTER TABLE systems ADD COLUMN last_reported_at timestamptz;

ALTER TABLE jobs
  ADD COLUMN print_mode smallint CHECK (print_mode BETWEEN 0 AND 3),
  ADD COLUMN media_length_mm integer NOT NULL DEFAULT 0 CHECK (media_length_mm >= 0),
  ADD COLUMN media_width_mm integer CHECK (media_width_mm >= 0),
  ADD COLUMN dark_garment boolean NOT NULL DEFAULT false,
  ADD COLUMN pretreatment boolean NOT NULL DEFAULT false,
  ADD COLUMN image_name text,
  ${INK_COLOURS.map((colour) => `ADD COLUMN ink_${colour}_ul integer NOT NULL DEFAULT 0 CHECK (ink_${colour}_ul >= 0)`).join(',\n  ')},
  ADD COLUMN size_category text GENERATED ALWAYS AS (
    CASE WHEN image_area_cm2 < 467 THEN 'Small' WHEN image_area_cm2 <= 935 THEN 'Medium' ELSE 'Large' END
  ) STORED;

CREATE TABLE status_intervals (
  tenant_id text NOT NULL,
  system_id text NOT NULL,
  id text NOT NULL,
  status text NOT NULL CHECK (status IN (${STATUSES.map((status) => `'${status.name}'`).join(', ')})),
  started_at timestamptz NOT NULL,
  ended_at timestamptz NOT NULL,
  code text,
  PRIMARY KEY (tenant_id, system_id, id),
  FOREIGN KEY (tenant_id, system_id) REFERENCES systems (tenant_id, id),
  CHECK (ended_at >= started_at)
);
CREATE INDEX status_intervals_started_at_brin ON status_intervals USING brin (started_at);
CREATE INDEX status_intervals_system_time ON status_intervals (tenant_id, system_id, started_at);

CREATE TABLE events (
  tenant_id text NOT NULL,
  system_id text NOT NULL,
  id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('error', 'maintenance')),
  code text NOT NULL,
  message text NOT NULL DEFAULT '',
  started_at timestamptz NOT NULL,
  ended_at timestamptz,
  duration_seconds double precision GENERATED ALWAYS AS (extract(epoch FROM ended_at - started_at)) STORED,
  PRIMARY KEY (tenant_id, system_id, id),
  FOREIGN KEY (tenant_id, system_id) REFERENCES systems (tenant_id, id),
  CHECK (ended_at IS NULL OR ended_at >= started_at)
);
CREATE INDEX events_started_at_brin ON events USING brin (started_at);

CREATE INDEX jobs_system_time ON jobs (tenant_id, system_id, started_at);

CREATE TABLE ink_loads (
  tenant_id text NOT NULL,
  system_id text NOT NULL,
  id text NOT NULL,
  loaded_at timestamptz NOT NULL,
  colour text NOT NULL CHECK (colour IN (${INK_COLOURS.map((colour) => `'${colour}'`).join(', ')})),
  volume_ul integer NOT NULL CHECK (volume_ul > 0),
  bottle_id text,
  PRIMARY KEY (tenant_id, system_id, id),
  FOREIGN KEY (tenant_id, system_id) REFERENCES systems (tenant_id, id)
);
CREATE INDEX ink_loads_loaded_at_brin ON ink_loads USING brin (loaded_at);
CREATE INDEX ink_loads_system_time ON ink_loads (tenant_id, system_id, loaded_at);

-- Shift definitions belong to a site; targets to a system (the TV dashboard's shift target).
CREATE TABLE shifts (
  tenant_id text NOT NULL,
  id text NOT NULL,
  site_id text NOT NULL,
  name text NOT NULL,
  starts_at time NOT NULL,
  ends_at time NOT NULL,
  weekdays smallint[] NOT NULL DEFAULT '{1,2,3,4,5}',
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, site_id) REFERENCES sites (tenant_id, id)
);

CREATE TABLE shift_targets (
  tenant_id text NOT NULL,
  system_id text NOT NULL,
  shift_id text NOT NULL,
  valid_from date NOT NULL,
  target_impressions integer NOT NULL CHECK (target_impressions >= 0),
  PRIMARY KEY (tenant_id, system_id, shift_id, valid_from),
  FOREIGN KEY (tenant_id, system_id) REFERENCES systems (tenant_id, id),
  FOREIGN KEY (tenant_id, shift_id) REFERENCES shifts (tenant_id, id)
);

CREATE TABLE software_versions (
  tenant_id text NOT NULL,
  system_id text NOT NULL,
  id text NOT NULL,
  reported_at timestamptz NOT NULL,
  component text NOT NULL,
  version text NOT NULL,
  PRIMARY KEY (tenant_id, system_id, id),
  FOREIGN KEY (tenant_id, system_id) REFERENCES systems (tenant_id, id)
);
CREATE INDEX software_versions_reported_at_brin ON software_versions USING brin (reported_at);

CREATE TABLE machine_parameters (
  tenant_id text NOT NULL,
  system_id text NOT NULL,
  id text NOT NULL,
  recorded_at timestamptz NOT NULL,
  name text NOT NULL,
  value jsonb NOT NULL,
  PRIMARY KEY (tenant_id, system_id, id),
  FOREIGN KEY (tenant_id, system_id) REFERENCES systems (tenant_id, id)
);
CREATE INDEX machine_parameters_recorded_at_brin ON machine_parameters USING brin (recorded_at);

CREATE TABLE qualiset_results (
  tenant_id text NOT NULL,
  system_id text NOT NULL,
  id text NOT NULL,
  measured_at timestamptz NOT NULL,
  test_name text NOT NULL,
  passed boolean NOT NULL,
  score double precision,
  details jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (tenant_id, system_id, id),
  FOREIGN KEY (tenant_id, system_id) REFERENCES systems (tenant_id, id)
);
CREATE INDEX qualiset_results_measured_at_brin ON qualiset_results USING brin (measured_at);

-- Rollups: recomputed from raw rows for the touched keys by src/server/ingest/rollups.sql.ts.
CREATE TABLE system_hour (
  tenant_id text NOT NULL,
  system_id text NOT NULL,
  hour_start timestamptz NOT NULL,${rollupMeasures},
  PRIMARY KEY (tenant_id, system_id, hour_start),
  FOREIGN KEY (tenant_id, system_id) REFERENCES systems (tenant_id, id)
);
CREATE INDEX system_hour_hour_start_brin ON system_hour USING brin (hour_start);

-- local_day is the calendar day in the site's time zone (23 or 25 hours on DST-change days).
CREATE TABLE system_day (
  tenant_id text NOT NULL,
  system_id text NOT NULL,
  local_day date NOT NULL,${rollupMeasures},
  PRIMARY KEY (tenant_id, system_id, local_day),
  FOREIGN KEY (tenant_id, system_id) REFERENCES systems (tenant_id, id)
);
CREATE INDEX system_day_local_day_brin ON system_day USING brin (local_day);

-- One wide row per system and local day of job start: per size category and print mode.
CREATE TABLE job_day (
  tenant_id text NOT NULL,
  system_id text NOT NULL,
  local_day date NOT NULL,
  ${jobDayMeasures.join(',\n  ')},
  PRIMARY KEY (tenant_id, system_id, local_day),
  FOREIGN KEY (tenant_id, system_id) REFERENCES systems (tenant_id, id)
);
CREATE INDEX job_day_local_day_brin ON job_day USING brin (local_day);

-- Idempotency: a record id seen once is never applied again (a retried batch changes nothing).
CREATE TABLE ingest_records (
  tenant_id text NOT NULL REFERENCES tenants (id),
  record_id text NOT NULL,
  kind text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, record_id)
);
CREATE INDEX ingest_records_received_at_brin ON ingest_records USING brin (received_at);

-- Machine credentials of gateways: only the SHA-256 of the token is stored.
CREATE TABLE ingest_tokens (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  tenant_id text NOT NULL REFERENCES tenants (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ingest_tokens_tenant ON ingest_tokens (tenant_id);
`;
