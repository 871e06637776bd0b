/**
 * systems.last_reported_at is the latest time a record shows the printer reporting (docs/kpi-glossary.md "Last update
 * and active systems"). Before this migration ingest also moved it to the end of Not Reporting status intervals — the
 * filler up to local midnight the simulator sends — so it is recomputed from the stored records, without those.
 */
export const name = '013-last-update-from-reports';

export const up = `
UPDATE systems SET last_reported_at = (
  SELECT max(reported.at) FROM (
    SELECT max(ended_at) AS at FROM status_intervals
      WHERE tenant_id = systems.tenant_id AND system_id = systems.id AND status <> 'NotReporting'
    UNION ALL SELECT max(ended_at) FROM jobs WHERE tenant_id = systems.tenant_id AND system_id = systems.id
    UNION ALL SELECT max(coalesce(ended_at, started_at)) FROM events
      WHERE tenant_id = systems.tenant_id AND system_id = systems.id
    UNION ALL SELECT max(loaded_at) FROM ink_loads WHERE tenant_id = systems.tenant_id AND system_id = systems.id
    UNION ALL SELECT max(reported_at) FROM software_versions
      WHERE tenant_id = systems.tenant_id AND system_id = systems.id
    UNION ALL SELECT max(recorded_at) FROM machine_parameters
      WHERE tenant_id = systems.tenant_id AND system_id = systems.id
  ) AS reported
);
`;
