/**
 * The filter and state calls (reports/systems, current-state, date-filters, getMaxKeepAlive) need each system's latest
 * job end. Without an index on ended_at that aggregate read every job of the system (a year of history per request);
 * with it, it is one index probe (src/server/reports/scope.ts, systemJobsAggregate). Measured in docs/benchmarks.md.
 */
export const name = '007-latest-job-end-index';

export const up = `
CREATE INDEX jobs_system_end ON jobs (tenant_id, system_id, ended_at);
`;
