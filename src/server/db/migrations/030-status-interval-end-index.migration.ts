/**
 * Issue #29 (session 18): a report of a period in progress reads the hour holding the cut from the raw status intervals
 * (reports/common/measure-rows.ts, oee-inputs.ts, `rawStatusJoin` of ingest/rollups.sql.ts). Found by their start, the
 * intervals overlapping that hour are a range from 48 hours before it (the longest interval, migration 005): two days of
 * intervals per system and call for the few that end inside the hour. Found by their end, the range starts at the hour.
 */
export const name = '030-status-interval-end-index';

export const up = `
CREATE INDEX status_intervals_system_end ON status_intervals (tenant_id, system_id, ended_at);
`;
