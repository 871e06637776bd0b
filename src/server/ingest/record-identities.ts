import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { FACT_TABLES, isFactRecord, type FactKind } from './fact-rows.ts';
import { insertChunks } from './insert-chunks.ts';
import { calendarHash, initialState, resolveKnown, type StoredState } from './record-updates.ts';
import type { TelemetryRecord } from './telemetry.schema.ts';

/**
 * A record's identity is (tenant, printer, kind, id): `ingest_records` holds one row per identity (migration 018). A
 * batch is folded identity by identity, in batch order, against what is stored (record-updates.ts has the rules), so a
 * batch that opens an event and ends it stores the ended event, and a retry in the same batch is a duplicate.
 */

/** A valid record of the tenant, with its batch index and printer. */
export interface Candidate<System extends { systemId: string } = { systemId: string }> {
  index: number;
  record: TelemetryRecord;
  system: System;
}

/** What each record of the batch did, and what to write. */
export interface FoldedBatch<System extends { systemId: string }> {
  accepted: number;
  updated: number;
  duplicates: number;
  rejected: { index: number; reason: string }[];
  /** Accepted or updated records in batch order: they show the printer reporting and change the calendar. */
  applied: Candidate<System>[];
  /** Accepted records (new identities) in batch order. */
  fresh: Candidate<System>[];
  /** New fact identities with the state they end the batch in. */
  inserts: { systemId: string; id: string; state: Extract<StoredState, { columns: unknown }> }[];
  /** Stored events whose content changed. */
  eventUpdates: { systemId: string; id: string; state: Extract<StoredState, { columns: unknown }> }[];
  /** Stored calendar identities whose content changed. */
  calendarUpdates: { systemId: string; kind: string; id: string; hash: string }[];
}

const keyOf = (systemId: string, record: TelemetryRecord) => JSON.stringify([systemId, record.kind, record.id]);

/** Candidates grouped by identity, groups in the order of their first record. */
function byIdentity<System extends { systemId: string }>(candidates: readonly Candidate<System>[]) {
  const groups = new Map<string, Candidate<System>[]>();
  for (const candidate of candidates) {
    const key = keyOf(candidate.system.systemId, candidate.record);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [candidate]);
    else group.push(candidate);
  }
  return groups;
}

/**
 * Registers the batch's identities, reads the stored state of those already known, and folds every record. Call it in
 * the batch's transaction, after the per-system locks, so no other batch changes these identities meanwhile.
 */
export async function foldBatch<System extends { systemId: string }>(
  trx: Kysely<Database>,
  tenantId: string,
  candidates: readonly Candidate<System>[],
): Promise<FoldedBatch<System>> {
  const groups = byIdentity(candidates);
  const firsts = [...groups.values()].map((group) => group[0]!);
  const newKeys = new Set<string>();
  for (const part of insertChunks(firsts)) {
    const rows = await trx
      .insertInto('ingest_records')
      .values(
        part.map(({ record, system }) => ({
          tenant_id: tenantId,
          system_id: system.systemId,
          kind: record.kind,
          record_id: record.id,
          // A calendar identity ends the batch with its last record's content (each changed one updates it).
          content_hash: isFactRecord(record)
            ? null
            : calendarHash(groups.get(keyOf(system.systemId, record))!.at(-1)!.record),
        })),
      )
      .onConflict((conflict) => conflict.doNothing())
      .returning(['system_id', 'kind', 'record_id'])
      .execute();
    for (const row of rows) newKeys.add(JSON.stringify([row.system_id, row.kind, row.record_id]));
  }
  const stored = await storedStates(
    trx,
    tenantId,
    firsts.filter(({ record, system }) => !newKeys.has(keyOf(system.systemId, record))),
  );

  const folded: FoldedBatch<System> = {
    accepted: 0,
    updated: 0,
    duplicates: 0,
    rejected: [],
    applied: [],
    fresh: [],
    inserts: [],
    eventUpdates: [],
    calendarUpdates: [],
  };
  for (const [key, group] of groups) {
    const isNew = newKeys.has(key);
    const before = isNew ? null : (stored.get(key) ?? null);
    let state = before;
    for (const candidate of group) {
      if (state === null) {
        state = initialState(candidate.record);
        folded.accepted += 1;
        folded.applied.push(candidate);
        folded.fresh.push(candidate);
        continue;
      }
      const resolution = resolveKnown(state, candidate.record);
      if (resolution.outcome === 'duplicate') folded.duplicates += 1;
      else if (resolution.outcome === 'rejected')
        folded.rejected.push({ index: candidate.index, reason: resolution.reason });
      else {
        state = resolution.next;
        folded.updated += 1;
        folded.applied.push(candidate);
      }
    }
    const { record, system } = group[0]!;
    if (state === null || state === before) continue;
    if ('columns' in state) {
      // An identity registered without its row (never written so, but a row is what the reports read) gets its row.
      (before === null ? folded.inserts : folded.eventUpdates).push({
        systemId: system.systemId,
        id: record.id,
        state,
      });
    } else if (before !== null) {
      folded.calendarUpdates.push({ systemId: system.systemId, kind: record.kind, id: record.id, hash: state.hash });
    }
  }
  folded.applied.sort((a, b) => a.index - b.index);
  return folded;
}

/**
 * The stored state of known identities: a fact kind's row, a calendar record's content hash. An identity registered
 * without its row (migration 018 kept identities whose printer it could not tell with an empty system) is not found
 * here, since its key names the printer.
 */
async function storedStates(
  trx: Kysely<Database>,
  tenantId: string,
  known: readonly Candidate[],
): Promise<Map<string, StoredState>> {
  const states = new Map<string, StoredState>();
  const wanted = new Set(known.map(({ record, system }) => keyOf(system.systemId, record)));
  const ofKind = new Map<string, Candidate[]>();
  for (const candidate of known) {
    const kind = candidate.record.kind;
    ofKind.set(kind, [...(ofKind.get(kind) ?? []), candidate]);
  }
  for (const [kind, entries] of ofKind) {
    for (const part of insertChunks(entries)) {
      const ids = [...new Set(part.map((entry) => entry.record.id))];
      const systemIds = [...new Set(part.map((entry) => entry.system.systemId))];
      if (kind in FACT_TABLES) {
        const { rows } = await sql<
          Record<string, unknown> & { system_id: string; id: string }
        >`SELECT * FROM ${sql.table(
          FACT_TABLES[kind as FactKind].table,
        )} WHERE tenant_id = ${tenantId} AND system_id IN (${sql.join(systemIds)}) AND id IN (${sql.join(ids)})`.execute(
          trx,
        );
        for (const row of rows) {
          const key = JSON.stringify([row.system_id, kind, row.id]);
          if (wanted.has(key)) states.set(key, { kind: kind as FactKind, columns: row });
        }
      } else {
        const rows = await trx
          .selectFrom('ingest_records')
          .select(['system_id', 'record_id', 'content_hash'])
          .where('tenant_id', '=', tenantId)
          .where('kind', '=', kind)
          .where('system_id', 'in', systemIds)
          .where('record_id', 'in', ids)
          .execute();
        for (const row of rows) {
          const key = JSON.stringify([row.system_id, kind, row.record_id]);
          if (wanted.has(key))
            states.set(key, { kind: kind as 'shift' | 'shift_target', hash: row.content_hash ?? '' });
        }
      }
    }
  }
  return states;
}
