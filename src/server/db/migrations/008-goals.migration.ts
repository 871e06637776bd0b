/**
 * Weekly and yearly production goals per tenant and system group (spec shell §3 "Goal": goalType, goalPeriod,
 * goalValue, systemGroup, dateModified, author), keyed by the period they were set for: the Monday of the week or the
 * 1st of January of the year. A goal holds for its period and every later one until a newer goal is set, so the
 * Overview's achievements read the latest goal whose period starts on or before the period shown.
 * Values are positive integers of at most 10,000,000 (spec shell §5 'Must be lower than 10M'), in the group's
 * production unit (impressions; metres for DTF).
 */
export const name = '008-goals';

export const up = `
CREATE TABLE goals (
  tenant_id text NOT NULL REFERENCES tenants (id),
  system_group text NOT NULL CHECK (system_group IN ('DTG', 'DTF', 'Apollo')),
  goal_type text NOT NULL CHECK (goal_type IN ('weekly', 'yearly')),
  period_start date NOT NULL,
  goal_value integer NOT NULL CHECK (goal_value > 0 AND goal_value <= 10000000),
  modified_at timestamptz NOT NULL DEFAULT now(),
  modified_by text,
  PRIMARY KEY (tenant_id, system_group, goal_type, period_start),
  CHECK (goal_type <> 'weekly' OR extract(isodow FROM period_start) = 1),
  CHECK (goal_type <> 'yearly' OR (extract(month FROM period_start) = 1 AND extract(day FROM period_start) = 1))
);

GRANT SELECT, INSERT, UPDATE, DELETE ON goals TO portal_api;
ALTER TABLE goals ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON goals FOR ALL TO portal_api
  USING (tenant_id = current_setting('app.tenant_id', true))
  WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
`;
