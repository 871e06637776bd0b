import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { FACT_KINDS, FACT_TABLES, factColumns, insertValues, isFactRecord, type FactKind } from './fact-rows.ts';
import { insertChunks } from './insert-chunks.ts';
import { calendarHash, type StoredState } from './record-updates.ts';
import type { TelemetryRecord } from './telemetry.schema.ts';

/**
 * The writes of record identities (record-identities.ts). A fact's identity is its row's primary key
 * (tenant_id, system_id, id) in its kind's table, so writing a new fact and registering its identity are one INSERT; a
 * shift calendar record's rows are not kept by record id, so its identity is a row of `ingest_records` with its content
 * hash (migration 018).
 */

export interface FirstRecord {
  record: TelemetryRecord;
  systemId: string;
}

export const identityKey = (systemId: string, kind: string, id: string) => JSON.stringify([systemId, kind, id]);

/**
 * Stores the first record of each identity not stored yet (`ON CONFLICT DO NOTHING`) and returns the keys of those it
 * stored: the new identities.
 */
export async function storeNewIdentities(
  trx: Kysely<Database>,
  tenantId: string,
  firsts: readonly FirstRecord[],
): Promise<Set<string>> {
  const stored = new Set<string>();
  for (const kind of FACT_KINDS) {
    const ofKind = firsts.filter((first) => first.record.kind === kind);
    for (const part of insertChunks(ofKind)) {
      const { rows: inserted } = await insertFactRows(trx, tenantId, kind, part);
      for (const row of inserted) stored.add(identityKey(row.system_id, kind, row.id));
    }
  }
  const calendar = firsts.filter((first) => !isFactRecord(first.record));
  for (const part of insertChunks(calendar)) {
    const inserted = await trx
      .insertInto('ingest_records')
      .values(
        part.map(({ record, systemId }) => ({
          tenant_id: tenantId,
          system_id: systemId,
          kind: record.kind,
          record_id: record.id,
          content_hash: calendarHash(record),
        })),
      )
      .onConflict((conflict) => conflict.doNothing())
      .returning(['system_id', 'kind', 'record_id'])
      .execute();
    for (const row of inserted) stored.add(identityKey(row.system_id, row.kind, row.record_id));
  }
  return stored;
}

/**
 * One INSERT of a chunk of new facts of `kind`, its rows sent as one JSON array parameter and spread into the table's
 * columns by json_populate_recordset (two to three times less work for PostgreSQL than a VALUES list with a parameter
 * per value). A jsonb column travels as its JSON text (insertValues) and is parsed back, so a JSON null stays a JSON
 * null while a value left out stays SQL NULL.
 */
function insertFactRows(trx: Kysely<Database>, tenantId: string, kind: FactKind, part: readonly FirstRecord[]) {
  const { table, json } = FACT_TABLES[kind];
  const rows = part.map(({ record, systemId }) => {
    if (!isFactRecord(record)) throw new Error(`not a fact record: ${record.kind}`);
    return { system_id: systemId, id: record.id, ...insertValues(kind, factColumns(record)) };
  });
  const columns = Object.keys(rows[0]!).filter((column) => column !== 'system_id' && column !== 'id');
  const selected = columns.map((column) =>
    json.includes(column) ? sql`(r.${sql.ref(column)} #>> '{}')::jsonb` : sql`r.${sql.ref(column)}`,
  );
  return sql<{ system_id: string; id: string }>`INSERT INTO ${sql.table(table)}
      (tenant_id, system_id, id, ${sql.join(columns.map((column) => sql.ref(column)))})
    SELECT ${tenantId}, r.system_id, r.id, ${sql.join(selected)}
    FROM json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::json) AS r
    ON CONFLICT DO NOTHING RETURNING system_id, id`.execute(trx);
}

type FactState = Extract<StoredState, { columns: unknown }>;

/** Stored events take their new end, type, code and message (the rules of record-updates.ts). */
export async function updateEvents(
  trx: Kysely<Database>,
  tenantId: string,
  updates: readonly { systemId: string; id: string; state: FactState }[],
): Promise<void> {
  for (const part of insertChunks(updates)) {
    const values = part.map(({ systemId, id, state }) => {
      const { kind, code, message, ended_at: endedAt } = state.columns;
      return sql`(${sql.join([systemId, id, kind, code, message, endedAt])})`;
    });
    await sql`UPDATE events e SET kind = v.kind, code = v.code, message = v.message, ended_at = v.ended_at::timestamptz
      FROM (VALUES ${sql.join(values)}) AS v (system_id, id, kind, code, message, ended_at)
      WHERE e.tenant_id = ${tenantId} AND e.system_id = v.system_id AND e.id = v.id`.execute(trx);
  }
}

/** A calendar identity keeps the content it was last updated with. */
export async function updateCalendarHashes(
  trx: Kysely<Database>,
  tenantId: string,
  updates: readonly { systemId: string; kind: string; id: string; hash: string }[],
): Promise<void> {
  for (const update of updates) {
    await trx
      .updateTable('ingest_records')
      .set({ content_hash: update.hash })
      .where('tenant_id', '=', tenantId)
      .where('system_id', '=', update.systemId)
      .where('kind', '=', update.kind)
      .where('record_id', '=', update.id)
      .execute();
  }
}
