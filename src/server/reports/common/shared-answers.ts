import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ingestNoticesOf, type IngestNotice } from '../../live/ingest-notices.ts';
import type { LiveHub } from '../../live/live-hub.ts';
import type { CurrentUser } from '../../users/current-user.ts';
import { readAfterLsn } from '../../auth/tenant-request.ts';

/**
 * Report answers computed once and shared (issue #29): users of a tenant who see the same systems ask the same calls
 * (today, this week) many times a minute, and each answer costs milliseconds of SQL. An answer is kept for `maxAgeMs`
 * and given to every caller of the same tenant, scope and language asking the same call with the same input;
 * concurrent callers of a call being computed wait for that computation instead of starting their own.
 *
 * Freshness, as docs/architecture.md "Shared report answers" says it:
 * - a report is at most `maxAgeMs` older than its request (telemetry from printers is not waited for; the pages
 *   refresh every 60 s and the Live Dashboard, which reacts to pushes, reads the primary without this cache);
 * - a write through the API on this node (a nickname, a goal, a setting, a user's scope) drops the tenant's answers at
 *   its commit; a client that wrote through another node carries the read-after cookie (tenant-request.ts) and gets
 *   answers computed for it, not shared ones: read-your-writes holds across nodes.
 */
export interface SharedAnswers {
  /**
   * The answer to `call` (method, URL and body) for `user`: a shared one younger than maxAgeMs, the one being computed
   * for the same key, or `compute()`'s (kept for the next callers when it succeeds).
   */
  answer<T>(user: Pick<CurrentUser, 'scope' | 'language'>, call: SharedCall, compute: () => Promise<T>): Promise<T>;
  /** Drops the answers of `tenantId` (and ignores those being computed when called): the tenant's data changed. */
  forgetTenant(tenantId: string): void;
  /** How many answers were shared and computed so far (for the benchmarks and tests). */
  counts(): { shared: number; computed: number };
}

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

/** Answers kept at most (the oldest go first): a few hundred distinct calls are asked within a few seconds. */
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
  let shared = 0;
  let computed = 0;

  const keyOf = (user: Pick<CurrentUser, 'scope' | 'language'>, call: SharedCall) => {
    const { tenantId, customerIds, siteIds, systemIds } = user.scope;
    const scope = [customerIds, siteIds, systemIds].map((ids) => [...ids].sort());
    const generation = generations.get(tenantId) ?? 0;
    return JSON.stringify([tenantId, generation, scope, user.language, call.method, call.url, call.body ?? null]);
  };

  return {
    async answer<T>(user: Pick<CurrentUser, 'scope' | 'language'>, call: SharedCall, compute: () => Promise<T>) {
      const key = keyOf(user, call);
      const found = kept.get(key);
      const at = now();
      if (found !== undefined && found.computedAt <= at && at < found.computedAt + options.maxAgeMs) {
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
          for (const oldest of kept.keys()) {
            if (kept.size <= MAX_SHARED_ANSWERS) break;
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
    counts: () => ({ shared, computed }),
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

/** `compute()`'s answer, or the one shared by the request's scope for the same user scope, language and call. */
export function sharedAnswer<T>(
  request: FastifyRequest,
  user: Pick<CurrentUser, 'scope' | 'language'>,
  compute: () => Promise<T>,
): Promise<T> {
  const answers = request.sharedAnswers;
  if (answers === null) return compute();
  return answers.answer(user, { method: request.method, url: request.url, body: request.body }, compute);
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
