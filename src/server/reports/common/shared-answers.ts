import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { PortalClaims } from '../../../shared/auth/claims.ts';
import type { Database } from '../../db/schema.ts';
import { ingestNoticesOf, type IngestNotice } from '../../live/ingest-notices.ts';
import type { LiveHub } from '../../live/live-hub.ts';
import { loadCurrentUser, type CurrentUser } from '../../users/current-user.ts';
import { readAfterLsn } from '../../auth/tenant-request.ts';

/**
 * Report answers computed once and shared (issue #29): users of a tenant who see the same systems ask the same calls
 * (today, this week) many times a minute, and each answer costs milliseconds of SQL. An answer is kept for `maxAgeMs`
 * and given to every caller of the same tenant, scope and language asking the same call with the same input;
 * concurrent callers of a call being computed wait for that computation instead of starting their own.
 *
 * Freshness, as docs/architecture.md "Shared report answers" says it:
 * - a report is at most `maxAgeMs` older than its request, and never older than an ingest the portal acknowledged:
 *   every ingest drops its tenant's answers ({@link forgetAnswersOnIngest}); the Live Dashboard, which reacts to
 *   pushes, reads the primary without this cache;
 * - a write through the API on this node (a nickname, a goal, a setting, a user's scope) drops the tenant's answers at
 *   its commit; a client that wrote through another node carries the read-after cookie (tenant-request.ts) and gets
 *   answers computed for it, not shared ones: read-your-writes holds across nodes;
 * - who asks (the scope and language read from the caller's users row) is known for maxAgeMs too, so a shared answer,
 *   or waiting for one being computed, needs no database at all: a change of a user made through another node reaches
 *   this one's shared answers within maxAgeMs (on this node at once); a caller not known reads the users row first (an
 *   unknown user is refused), and the same caller's concurrent calls wait for that one read.
 */
export interface SharedAnswers {
  /** The scope and language of `caller` read within maxAgeMs with no write of the tenant since ({@link readAsker}). */
  knownAsker(caller: Caller): Asker | null;
  /**
   * The read of `caller`'s users row under way, begun with no write of the tenant since: it resolves with what was
   * read, or null when the read failed (the caller then reads for itself). Undefined when none is under way.
   */
  askerBeingRead(caller: Caller): Promise<Asker | null> | undefined;
  /**
   * Notes now that `caller`'s users row is being read (and at which tenant data): `read` with what was read, `end`
   * when the read is over (without `read`: it failed), so callers waiting for it ({@link askerBeingRead}) go on.
   */
  readAsker(caller: Caller): { read(asker: Asker): void; end(): void };
  /**
   * The answer to `call` (method, URL and body) for `user`: a shared one younger than maxAgeMs, the one being computed
   * for the same key, or `compute()`'s (kept for the next callers when it succeeds).
   */
  answer<T>(user: Asker, call: SharedCall, compute: () => Promise<T>): Promise<T>;
  /** Drops the answers of `tenantId` (and ignores those being computed when called): the tenant's data changed. */
  forgetTenant(tenantId: string): void;
  /** How many answers were shared and computed so far, and how many are kept now (for the tests). */
  counts(): { shared: number; computed: number; kept: number };
}

/** What an answer depends on of the user who asks: the systems they see and their language (loadCurrentUser). */
export type Asker = Pick<CurrentUser, 'scope' | 'language'>;

/** Who asks, as the token says (what loadCurrentUser reads the users row by). */
export type Caller = Pick<PortalClaims, 'sub' | 'tenantId' | 'isSuperUser'>;

/** What identifies a call: the same method, URL (path and query) and body ask the same question. */
export interface SharedCall {
  method: string;
  url: string;
  body: unknown;
}

interface Kept {
  answer: unknown;
  tenantId: string;
  /** When its computation started, on the reports' clock. */
  computedAt: number;
}

/** Callers whose scope and language are kept at most (the oldest go first). */
export const MAX_KNOWN_ASKERS = 10_000;

/**
 * Answers kept at most (the oldest go first). Answers past their age go when the next one is kept, so a node holds
 * about the answers it computed in the last maxAgeMs.
 */
export const MAX_SHARED_ANSWERS = 1000;

/**
 * `now`: the reports' clock (AppDeps.clock; tests pin it and move it): an answer is shared with the calls from its
 * computation's start on that clock to maxAgeMs later, never with a call whose clock reads an earlier time.
 */
export function sharedAnswers(options: { maxAgeMs: number; now?: () => number }): SharedAnswers {
  const now = options.now ?? Date.now;
  const kept = new Map<string, Kept>();
  const computing = new Map<string, Promise<unknown>>();
  const generations = new Map<string, number>();
  const askers = new Map<string, { asker: Asker; generation: number; readAt: number }>();
  const readings = new Map<string, { generation: number; asker: Promise<Asker | null> }>();
  let shared = 0;
  let computed = 0;

  const young = (computedAt: number, at = now()) => computedAt <= at && at < computedAt + options.maxAgeMs;
  const callerKey = (caller: Caller) => JSON.stringify([caller.tenantId, caller.sub, caller.isSuperUser]);
  const keyOf = (user: Asker, call: SharedCall) => {
    const { tenantId, customerIds, siteIds, systemIds } = user.scope;
    const scope = [customerIds, siteIds, systemIds].map((ids) => [...ids].sort());
    const generation = generations.get(tenantId) ?? 0;
    return JSON.stringify([tenantId, generation, scope, user.language, call.method, call.url, call.body ?? null]);
  };

  return {
    knownAsker(caller) {
      const known = askers.get(callerKey(caller));
      const current = generations.get(caller.tenantId) ?? 0;
      return known !== undefined && known.generation === current && young(known.readAt) ? known.asker : null;
    },
    askerBeingRead(caller) {
      const reading = readings.get(callerKey(caller));
      const current = generations.get(caller.tenantId) ?? 0;
      return reading !== undefined && reading.generation === current ? reading.asker : undefined;
    },
    readAsker(caller) {
      const key = callerKey(caller);
      const generation = generations.get(caller.tenantId) ?? 0;
      const readAt = now();
      let settle: (asker: Asker | null) => void = () => undefined;
      const reading = { generation, asker: new Promise<Asker | null>((resolve) => (settle = resolve)) };
      readings.set(key, reading);
      const end = () => {
        if (readings.get(key) === reading) readings.delete(key);
        settle(null);
      };
      return {
        read(asker) {
          askers.delete(key);
          askers.set(key, { asker, generation, readAt });
          for (const [oldest, entry] of askers) {
            if (askers.size <= MAX_KNOWN_ASKERS && young(entry.readAt)) break;
            askers.delete(oldest);
          }
          settle(asker);
          end();
        },
        end,
      };
    },
    async answer<T>(user: Asker, call: SharedCall, compute: () => Promise<T>) {
      const key = keyOf(user, call);
      const found = kept.get(key);
      const at = now();
      if (found !== undefined && young(found.computedAt, at)) {
        shared += 1;
        return found.answer as T;
      }
      if (found !== undefined) kept.delete(key);
      const running = computing.get(key);
      if (running !== undefined) {
        shared += 1;
        return running as Promise<T>;
      }
      computed += 1;
      const computation = compute();
      computing.set(key, computation);
      try {
        const answer = await computation;
        // Kept only while the tenant's data is what it was when the computation started.
        if (keyOf(user, call) === key) {
          kept.set(key, { answer, tenantId: user.scope.tenantId, computedAt: at });
          // Oldest first: past their age (nobody gets them again) or beyond the count.
          for (const [oldest, entry] of kept) {
            if (kept.size <= MAX_SHARED_ANSWERS && young(entry.computedAt)) break;
            kept.delete(oldest);
          }
        }
        return answer;
      } finally {
        computing.delete(key);
      }
    },
    forgetTenant(tenantId) {
      generations.set(tenantId, (generations.get(tenantId) ?? 0) + 1);
      for (const [key, entry] of kept) if (entry.tenantId === tenantId) kept.delete(key);
    },
    counts: () => ({ shared, computed, kept: kept.size }),
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The report answers shared by the request's scope ({@link shareAnswers}); null: every answer is computed. */
    sharedAnswers: SharedAnswers | null;
  }
}

/**
 * Gives the report routes registered in `scope` the shared answers (`request.sharedAnswers`); elsewhere, and for a
 * client that wrote within the read-after cookie's life, it is null.
 */
export function shareAnswers(scope: FastifyInstance, answers: SharedAnswers | null): void {
  scope.decorateRequest('sharedAnswers', null);
  if (answers === null) return;
  scope.addHook('onRequest', async (request) => {
    request.sharedAnswers = readAfterLsn(request.headers.cookie) === null ? answers : null;
  });
}

/**
 * The answer to the request's call: one shared for the caller's scope and language (shared-answers.ts), or `compute`'s,
 * run in the request's tenant transaction. A caller known (or whose users row another call is reading) waits for a
 * young answer or the computation under way without opening a transaction, or computes with the scope it is known by;
 * a caller not known reads the users row first (loadCurrentUser: an unknown user is refused there).
 */
export async function tenantAnswer<T>(
  request: FastifyRequest,
  compute: (trx: Transaction<Database>, asker: Asker) => Promise<T>,
): Promise<T> {
  const answers = request.sharedAnswers;
  const caller = request.portalUser;
  if (answers === null) return request.tenantDb(async (trx) => compute(trx, await loadCurrentUser(trx, caller)));
  const call = { method: request.method, url: request.url, body: request.body };
  let known = answers.knownAsker(caller);
  if (known === null) {
    // No turn of the event loop unless a read is under way: concurrent calls must see the read the first one begins.
    const beingRead = answers.askerBeingRead(caller);
    if (beingRead !== undefined) known = await beingRead;
  }
  if (known !== null) return answers.answer(known, call, () => request.tenantDb((trx) => compute(trx, known)));
  const reading = answers.readAsker(caller);
  try {
    return await request.tenantDb(async (trx) => {
      const user = await loadCurrentUser(trx, caller);
      reading.read(user);
      return answers.answer(user, call, () => compute(trx, user));
    });
  } finally {
    reading.end();
  }
}

/**
 * Drops a tenant's shared answers when telemetry of it is ingested: at the commit of this process's ingest (before
 * its acknowledgement, so a report asked after it sees it) and at every node's through the live hub (NOTIFY).
 */
export function forgetAnswersOnIngest(
  app: FastifyInstance,
  answers: SharedAnswers,
  db: Kysely<Database>,
  live: LiveHub,
): void {
  const forget = (notice: IngestNotice) => answers.forgetTenant(notice.tenantId);
  ingestNoticesOf(db).on('committed', forget);
  const stopHearing = live.subscribeAll(forget);
  app.addHook('onClose', async () => {
    ingestNoticesOf(db).off('committed', forget);
    stopHearing();
  });
}
