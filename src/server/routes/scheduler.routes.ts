import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql, type Kysely } from 'kysely';
import { hasRole, ROLE } from '../../shared/auth/roles.ts';
import { ERROR_RESPONSES, NoContent, NoQuery } from '../../shared/contract/primitives.ts';
import {
  SchedulerEntriesSchema,
  SchedulerEntryInputSchema,
  SchedulerEntryParamsSchema,
  SchedulerEntrySchema,
  SchedulerTemplatesSchema,
  UnsubscribeRequestSchema,
  WEEKLY_REPORT,
} from '../../shared/contract/scheduler.contract.ts';
import type { Database } from '../db/schema.ts';
import { withTenant } from '../db/tenant-scope.ts';
import { HttpError } from '../http-errors.ts';
import { UNSUBSCRIBE_KEY } from '../email-reports/report-sender.ts';
import { portalSecret } from '../mail/portal-secrets.ts';
import { deleteEntry, ENTRY_NOT_FOUND, listEntries, saveEntry } from '../mail/schedule-entries.ts';
import { checkUnsubscribeToken } from '../mail/unsubscribe-token.ts';
import { loadCurrentUser } from '../users/current-user.ts';

const PREFIX = '/api/email-reports-scheduler';
const noContent = { 204: NoContent, ...ERROR_RESPONSES } as const;

/** Spec shell §6 gives read-only users no Scheduler: the API refuses them what the menu does not offer. */
const READ_ONLY_MESSAGE = 'User is forbidden to access this functionality';

/** The one answer to a token that does not hold, whatever the reason, so the page cannot probe which part failed. */
export const UNSUBSCRIBE_REFUSED = 'This unsubscribe link is not valid for this e-mail address';

export interface SchedulerRouteDeps {
  clock: () => Date;
  /**
   * Present only in the automation environment (PORTAL_ENVIRONMENT=automation): the e2e portal's way to send an entry
   * now (`POST …/entries/:id/send-now` records a slot due now and wakes the sender).
   */
  sendNow: (() => void) | null;
}

/**
 * /api/email-reports-scheduler/*: the signed-in user's e-mail report entries (spec shell §7). Register inside the
 * scope of registerTenantScope: every handler reaches the database only through `request.tenantDb`.
 */
export async function registerSchedulerRoutes(server: FastifyInstance, deps: SchedulerRouteDeps): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const refuseReadOnly = (roles: readonly string[]) => {
    if (hasRole(roles, ROLE.ReadOnly)) throw new HttpError(403, READ_ONLY_MESSAGE);
  };

  app.get(
    `${PREFIX}/entries`,
    { schema: { querystring: NoQuery, response: { 200: SchedulerEntriesSchema, ...ERROR_RESPONSES } } },
    async (request) =>
      request.tenantDb(async (trx) => {
        const { row } = await loadCurrentUser(trx, request.portalUser);
        return listEntries(trx, request.portalUser.tenantId, row.id);
      }),
  );

  app.post(
    `${PREFIX}/entries`,
    {
      schema: {
        querystring: NoQuery,
        body: SchedulerEntryInputSchema,
        response: { 200: SchedulerEntrySchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      refuseReadOnly(request.portalUser.roles);
      return request.tenantDb(async (trx) => {
        const { row, scope } = await loadCurrentUser(trx, request.portalUser);
        return saveEntry(trx, scope, row.id, request.body);
      });
    },
  );

  app.delete(
    `${PREFIX}/entries/:id`,
    { schema: { params: SchedulerEntryParamsSchema, querystring: NoQuery, response: noContent } },
    async (request, reply) => {
      refuseReadOnly(request.portalUser.roles);
      await request.tenantDb(async (trx) => {
        const { row } = await loadCurrentUser(trx, request.portalUser);
        await deleteEntry(trx, request.portalUser.tenantId, row.id, request.params.id);
      });
      return reply.code(204).send();
    },
  );

  app.get(
    `${PREFIX}/templates`,
    { schema: { querystring: NoQuery, response: { 200: SchedulerTemplatesSchema, ...ERROR_RESPONSES } } },
    async () => [{ ...WEEKLY_REPORT }],
  );

  const { sendNow } = deps;
  if (sendNow === null) return;
  // Not documented in the OpenAPI document: it exists only in the automation environment.
  app.post(
    `${PREFIX}/entries/:id/send-now`,
    { schema: { hide: true, params: SchedulerEntryParamsSchema, querystring: NoQuery, response: noContent } },
    async (request, reply) => {
      await request.tenantDb(async (trx) => {
        const { row } = await loadCurrentUser(trx, request.portalUser);
        const entry = await trx
          .selectFrom('email_schedules')
          .select('id')
          .where('tenant_id', '=', request.portalUser.tenantId)
          .where('user_id', '=', row.id)
          .where('id', '=', request.params.id)
          .executeTakeFirst();
        if (entry === undefined) throw new HttpError(404, ENTRY_NOT_FOUND);
        const now = deps.clock();
        await trx
          .insertInto('email_sends')
          .values({ tenant_id: request.portalUser.tenantId, schedule_id: entry.id, due_at: now, next_attempt_at: now })
          .execute();
      });
      sendNow();
      return reply.code(204).send();
    },
  );
}

/**
 * POST /api/email-reports-scheduler/unsubscribe (public: the link works without signing in). The token names the
 * tenant, the entry and the address it was sent to and is signed with the portal's key; the entry stops sending
 * only when the signature holds, the token has not expired and the typed address is the one it was sent to. Anything
 * else is a 403 and changes nothing. The entry is switched off under its tenant's row-level security.
 */
export async function registerUnsubscribeRoute(
  server: FastifyInstance,
  deps: { db: Kysely<Database>; clock: () => Date },
): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    `${PREFIX}/unsubscribe`,
    { schema: { querystring: NoQuery, body: UnsubscribeRequestSchema, response: noContent } },
    async (request, reply) => {
      const key = await portalSecret(deps.db, UNSUBSCRIBE_KEY);
      const check = checkUnsubscribeToken(key, request.body.token, request.body.email, deps.clock());
      if (!check.ok) throw new HttpError(403, UNSUBSCRIBE_REFUSED);
      const { claim } = check;
      const stopped = await withTenant(deps.db, claim.tenantId, async (trx) => {
        const result = await trx
          .updateTable('email_schedules')
          .set({ is_active: false })
          .where('tenant_id', '=', claim.tenantId)
          .where('id', '=', claim.scheduleId)
          .where('user_id', 'in', (eb) =>
            eb
              .selectFrom('users')
              .select('id')
              .where('tenant_id', '=', claim.tenantId)
              .where(sql<boolean>`lower(email) = ${claim.email}`),
          )
          .executeTakeFirst();
        return result.numUpdatedRows > 0n;
      });
      // An entry deleted (or whose user changed address) since the e-mail: nothing is sent to it any more anyway.
      if (!stopped) request.log.info({ scheduleId: claim.scheduleId }, 'unsubscribe: entry no longer exists');
      return reply.code(204).send();
    },
  );
}
