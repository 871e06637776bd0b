/**
 * A status interval is at most 48 hours long (MAX_STATUS_INTERVAL_HOURS in src/server/ingest/measures.ts; ingest
 * rejects longer records with a reason, and a gateway sends a longer stretch in parts). The rollup SQL relies on it to
 * bound its index scans from below (`started_at >= period_start - 48 h`), so the database enforces it for every writer.
 * The number is written out: a migration never changes once applied.
 */
export const name = '005-status-interval-max-length';

export const up = `
ALTER TABLE status_intervals
  ADD CONSTRAINT status_intervals_max_length CHECK (ended_at - started_at <= interval '48 hours');
`;
