import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { FACT_TABLES, type FactKind } from './fact-rows.ts';
import { identityKey, storeNewIdentities, updateCalendarHashes, updateEvents } from './identity-writes.ts';
import { insertChunks } from './insert-chunks.ts';
import { initialState, resolveKnown, type StoredState } from './record-updates.ts';
import type { TelemetryRecord } from './telemetry.schema.ts';

/**
 * A record's identity is (tenant, printer, kind, id): a fact's row in its kind's table, a calendar record's row of
 * `ingest_records` (identity-writes.ts). A batch is folded identity by identity, in batch order, against what is stored
 * (record-updates.ts has the rules), so a batch that opens an event and ends it stores the ended event, and a retry in
 * the same batch is a duplicate.
 */

/** A valid record of the tenant, with its batch index and printer. */
export interface Candidate<System extends { systemId: string } = { systemId: string }> {
  index: number;
  record: TelemetryRecord;
  system: System;
}

/** What each record of the batch did. */
export interface FoldedBatch<System extends { systemId: string }> {
  accepted: number;
  updated: number;
  duplicates: number;
  rejected: { index: number; reason: string }[];
  /** Accepted or updated records in batch order: they show the printer reporting and change the calendar. */
  applied: Candidate<System>[];
  /** Accepted records (new identities) in batch order. */
  fresh: Candidate<System>[];
}

const keyOf = (systemId: string, record: TelemetryRecord) => identityKey(systemId, record.kind, record.id);

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
 * Stores the batch's new identities with their first record, reads the stored state of the known ones, folds every
 * other record in batch order, and writes what changed. Call it in the batch's transaction, after the per-system
 * locks, so no other batch changes these identities meanwhile.
 */
export async function foldBatch<System extends { systemId: string }>(
  trx: Kysely<Database>,
  tenantId: string,
  candidates: readonly Candidate<System>[],
): Promise<FoldedBatch<System>> {
  const groups = byIdentity(candidates);
  const firsts = [...groups.values()].map((group) => group[0]!);
  const newKeys = await storeNewIdentities(
    trx,
    tenantId,
    firsts.map(({ record, system }) => ({ record, systemId: system.systemId })),
  );
  const stored = await storedStates(
    trx,
    tenantId,
    firsts.filter(({ record, system }) => !newKeys.has(keyOf(system.systemId, record))),
  );

  const folded: FoldedBatch<System> = { accepted: 0, updated: 0, duplicates: 0, rejected: [], applied: [], fresh: [] };
  const eventUpdates: Parameters<typeof updateEvents>[2][number][] = [];
  const calendarUpdates: Parameters<typeof updateCalendarHashes>[2][number][] = [];
  for (const [key, group] of groups) {
    const [first, ...rest] = group as [Candidate<System>, ...Candidate<System>[]];
    const isNew = newKeys.has(key);
    const before = isNew ? initialState(first.record) : stored.get(key);
    if (before === undefined) throw new Error(`identity ${key} is stored without its row`);
    let state = before;
    if (isNew) {
      folded.accepted += 1;
      folded.applied.push(first);
      folded.fresh.push(first);
    }
    for (const candidate of isNew ? rest : group) {
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
    if (state === before) continue;
    const { systemId } = first.system;
    if ('columns' in state) eventUpdates.push({ systemId, id: first.record.id, state });
    else calendarUpdates.push({ systemId, kind: first.record.kind, id: first.record.id, hash: state.hash });
  }
  await updateEvents(trx, tenantId, eventUpdates);
  await updateCalendarHashes(trx, tenantId, calendarUpdates);
  folded.applied.sort((a, b) => a.index - b.index);
  return folded;
}

/** The stored state of known identities: a fact kind's row, a calendar record's content hash. */
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
          const key = identityKey(row.system_id, kind, row.id);
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
          const key = identityKey(row.system_id, kind, row.record_id);
          if (wanted.has(key))
            states.set(key, { kind: kind as 'shift' | 'shift_target', hash: row.content_hash ?? '' });
        }
      }
    }
  }
  return states;
}
