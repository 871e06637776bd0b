/**
 * Issue 23: a record's identity is (tenant, printer, kind, id), not (tenant, id). Gateways number their records per
 * printer, and a job and an event may share an id; both were dropped as duplicates. From now on a fact's identity is
 * its row's key in its kind's table and `ingest_records` keeps the shift calendar's identities (their rows are not kept
 * by record id), with `content_hash` so a resend with other content is told from a retry. The identities stored so far
 * keep their rows and learn their printer from the fact row they wrote (an id was unique in the tenant, so there is
 * one); calendar identities (and any without a fact row) keep an empty printer: not lost, and a resend is taken as new
 * (the calendar's upserts make that harmless).
 */
export const name = '018-record-identity';

const FACT_TABLES: [kind: string, table: string][] = [
  ['status', 'status_intervals'],
  ['job', 'jobs'],
  ['event', 'events'],
  ['ink_load', 'ink_loads'],
  ['software_version', 'software_versions'],
  ['parameter', 'machine_parameters'],
  ['qualiset', 'qualiset_results'],
];

export const up = `
ALTER TABLE ingest_records ADD COLUMN system_id text NOT NULL DEFAULT '', ADD COLUMN content_hash text;
UPDATE ingest_records r SET system_id = f.system_id
FROM (
  ${FACT_TABLES.map(([kind, table]) => `SELECT tenant_id, system_id, id, '${kind}' AS kind FROM ${table}`).join('\n  UNION ALL ')}
) f
WHERE f.tenant_id = r.tenant_id AND f.id = r.record_id AND f.kind = r.kind;
ALTER TABLE ingest_records ALTER COLUMN system_id DROP DEFAULT;
ALTER TABLE ingest_records DROP CONSTRAINT ingest_records_pkey;
ALTER TABLE ingest_records ADD PRIMARY KEY (tenant_id, system_id, kind, record_id);
`;
