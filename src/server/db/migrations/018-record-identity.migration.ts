/**
 * Issue 23: a record's identity is (tenant, printer, kind, id), not (tenant, id). Gateways number their records per
 * printer, and a job and an event may share an id; both were dropped as duplicates. The existing identities keep their
 * rows and learn their printer from the fact row they wrote (an id was unique in the tenant, so there is one); a
 * shift calendar record's rows are not kept by record id, so such identities (and any without a fact row) keep an empty
 * printer: they are not lost, and a resend of one is taken as new (the calendar's rules make that harmless).
 * `content_hash` holds a calendar record's content, so a resend with other content is told from a retry.
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
