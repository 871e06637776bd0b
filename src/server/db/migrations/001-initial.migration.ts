/**
 * Initial schema: reference tables, accounts and session data, and the first fact table (jobs).
 * The fleet-data issue extends this with the full data model of docs/architecture.md §5.
 * SQL stays within PostgreSQL 15 so it runs on PGlite and PostgreSQL alike.
 */
export const name = '001-initial';

export const up = `
CREATE TABLE tenants (
  id text PRIMARY KEY,
  name text NOT NULL,
  account_type text NOT NULL DEFAULT 'customer',
  office text NOT NULL DEFAULT '',
  imported_tenant_id text NOT NULL DEFAULT ''
);

CREATE TABLE customers (
  tenant_id text NOT NULL REFERENCES tenants (id),
  id text NOT NULL,
  name text NOT NULL,
  imported_customer_id text NOT NULL DEFAULT '',
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE sites (
  tenant_id text NOT NULL,
  id text NOT NULL,
  customer_id text NOT NULL,
  name text NOT NULL,
  time_zone text NOT NULL DEFAULT 'UTC',
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id)
);

CREATE TABLE models (
  tenant_id text NOT NULL REFERENCES tenants (id),
  id text NOT NULL,
  name text NOT NULL,
  system_group text NOT NULL CHECK (system_group IN ('DTG', 'DTF', 'Apollo')),
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE systems (
  tenant_id text NOT NULL,
  id text NOT NULL,
  serial_number text NOT NULL,
  customer_id text NOT NULL,
  site_id text NOT NULL,
  model_id text NOT NULL,
  system_group text NOT NULL CHECK (system_group IN ('DTG', 'DTF', 'Apollo')),
  nickname text,
  model_start_date date,
  model_end_date date,
  ever_reported boolean NOT NULL DEFAULT false,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, serial_number),
  FOREIGN KEY (tenant_id, site_id) REFERENCES sites (tenant_id, id),
  FOREIGN KEY (tenant_id, model_id) REFERENCES models (tenant_id, id)
);

CREATE TABLE users (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  email text NOT NULL UNIQUE,
  first_name text NOT NULL,
  last_name text NOT NULL,
  roles text[] NOT NULL DEFAULT '{}',
  is_super_user boolean NOT NULL DEFAULT false,
  is_root_user boolean NOT NULL DEFAULT false,
  is_shadow_user boolean NOT NULL DEFAULT false,
  locale text,
  profile_picture_url text,
  password_hash text,
  customer_ids text[] NOT NULL DEFAULT '{}',
  site_ids text[] NOT NULL DEFAULT '{}',
  system_ids text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_settings (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  default_system_group text CHECK (default_system_group IN ('DTG', 'DTF', 'Apollo')),
  length_units text NOT NULL DEFAULT 'Meter' CHECK (length_units IN ('Yard', 'Meter')),
  volume_units text NOT NULL DEFAULT 'Liter',
  rtr_metric_unit text NOT NULL DEFAULT 'Linear' CHECK (rtr_metric_unit IN ('Linear', 'Square')),
  portal_language text NOT NULL DEFAULT 'en-US',
  real_time_refresh_rate_seconds integer NOT NULL DEFAULT 300,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE agreements (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  version text NOT NULL,
  approved boolean NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE oidc_payloads (
  kind text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (kind, id)
);
CREATE INDEX oidc_payloads_grant_id ON oidc_payloads (grant_id);
CREATE INDEX oidc_payloads_uid ON oidc_payloads (uid);

CREATE TABLE jobs (
  tenant_id text NOT NULL,
  system_id text NOT NULL,
  id text NOT NULL,
  started_at timestamptz NOT NULL,
  ended_at timestamptz NOT NULL,
  impressions integer NOT NULL CHECK (impressions >= 0),
  image_area_cm2 double precision NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, system_id, id),
  FOREIGN KEY (tenant_id, system_id) REFERENCES systems (tenant_id, id)
);
CREATE INDEX jobs_started_at_brin ON jobs USING brin (started_at);
`;
