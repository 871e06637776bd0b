/**
 * Progress of the demo fleet's history backfill (src/server/simulator/backfill.ts): the range of local days the first
 * start fills, and each day whose records (every system of the plan) are all ingested. A restart resumes with the days
 * missing here instead of regenerating the whole history to find duplicates; GET /api/health reports the counts.
 * No tenant_id: these rows describe the simulator, not a tenant's data.
 */
export const name = '006-demo-history-progress';

export const up = `
CREATE TABLE demo_history_range (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  first_day date NOT NULL,
  last_day date NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (first_day <= last_day)
);

CREATE TABLE demo_history_days (
  local_day date PRIMARY KEY,
  records integer NOT NULL,
  completed_at timestamptz NOT NULL DEFAULT now()
);
`;
