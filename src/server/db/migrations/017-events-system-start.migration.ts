/**
 * Issue 12 (measured): the errors-and-maintenance download's check counts a period's events of the selected systems. With
 * only the BRIN index on started_at that count read every event of the tenant in the period's block ranges and took
 * 268 ms (p95) for a year of 109 systems on PGlite; this index makes it a range scan per system. The system page's
 * messages, its events download and the service ticket's open errors read events per system and period the same way.
 */
export const name = '017-events-system-start';

export const up = `
CREATE INDEX events_system_start ON events (tenant_id, system_id, started_at);
`;
