/**
 * The e-mail report scheduler (spec shell §3 "Scheduler entry", issue #27): `email_schedules` holds each user's weekly
 * report entries, `email_sends` one row per send slot of an entry (the local send time it was due at), so a slot is sent
 * at most once whatever the number of portal processes (its primary key; a sender claims a row with
 * `FOR UPDATE SKIP LOCKED`), and failures keep their attempt count and next try (retried with back-off).
 * `portal_secrets` holds keys the portal generates once and every replica shares (the unsubscribe links' HMAC key).
 * Weekdays are the spec's enumeration: Monday 0 … Sunday 6. The sender runs as the table owner (no tenant), like
 * ingest; the API reaches the schedules only as portal_api, confined to its tenant by row-level security.
 */
export const name = '019-email-schedules';

const tenantIsolation = (table: string) => `
GRANT SELECT, INSERT, UPDATE, DELETE ON ${table} TO portal_api;
ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON ${table} FOR ALL TO portal_api
  USING (tenant_id = current_setting('app.tenant_id', true))
  WITH CHECK (tenant_id = current_setting('app.tenant_id', true));`;

export const up = `
CREATE TABLE email_schedules (
  tenant_id text NOT NULL REFERENCES tenants (id),
  id text NOT NULL,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
  report_type integer NOT NULL DEFAULT 0 CHECK (report_type >= 0),
  start_send_date date NOT NULL,
  end_send_date date CHECK (end_send_date IS NULL OR end_send_date >= start_send_date),
  repeat_frequency integer NOT NULL DEFAULT 2 CHECK (repeat_frequency BETWEEN 0 AND 4),
  send_weekdays integer[] NOT NULL CHECK (send_weekdays <@ ARRAY[0, 1, 2, 3, 4, 5, 6]),
  time_zone text NOT NULL DEFAULT 'UTC',
  notes text NOT NULL DEFAULT '' CHECK (length(notes) <= 1000),
  is_active boolean NOT NULL DEFAULT true,
  customer_ids text[] NOT NULL DEFAULT '{}',
  site_ids text[] NOT NULL DEFAULT '{}',
  system_ids text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sent_at timestamptz,
  last_error text,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX email_schedules_user ON email_schedules (tenant_id, user_id);
CREATE INDEX email_schedules_active ON email_schedules (is_active) WHERE is_active;

CREATE TABLE email_sends (
  tenant_id text NOT NULL,
  schedule_id text NOT NULL,
  due_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  sent_at timestamptz,
  recipient text,
  error text,
  PRIMARY KEY (tenant_id, schedule_id, due_at),
  FOREIGN KEY (tenant_id, schedule_id) REFERENCES email_schedules (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX email_sends_pending ON email_sends (next_attempt_at) WHERE status = 'pending';

CREATE TABLE portal_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
${tenantIsolation('email_schedules')}
${tenantIsolation('email_sends')}
`;
