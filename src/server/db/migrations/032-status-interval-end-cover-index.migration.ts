/**
 * Issues #29/#30 (session 22): a report of a period in progress reads a past cut hour — the previous period's, and
 * OEE's planned one — from the raw status intervals, found by their end (migration 030) through the 48 hours after the
 * hour, as the longest interval (migration 005) may still be open at its start: about 80 intervals a system, each read
 * from the table to keep the 2–4 that started before the cut. With the interval's start and status in the index, the
 * scan reads no table page the visibility map knows all-visible (an index-only scan): the test on the start is made
 * on the index entries. It cannot be an index condition: an index on started_at would then serve it with an unbounded
 * or a 48-hour range (`rawStatusJoin(…, { by: 'end' })` of ingest/rollups.sql.ts says why). The index replaces
 * migration 030's, whose key it keeps.
 */
export const name = '032-status-interval-end-cover-index';

export const up = `
CREATE INDEX status_intervals_system_end_cover ON status_intervals (tenant_id, system_id, ended_at)
  INCLUDE (started_at, status);
DROP INDEX status_intervals_system_end;
`;
