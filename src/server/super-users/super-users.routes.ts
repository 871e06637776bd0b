import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ERROR_RESPONSES } from '../../shared/contract/primitives.ts';
import {
  LoginCallbackQuerySchema,
  LoginCallbackResultSchema,
  TenantSearchQuerySchema,
  TenantSearchResultSchema,
} from '../../shared/contract/super-users.contract.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import { findPickerGrant, findTenant, recordTenantChoice, searchTenants, type PickerGrant } from './picker-store.ts';

export const SUPER_USERS_PREFIX = '/api/super-users';

/** Refusal of a sessionToken that is unknown, expired or spent, or of a caller who is not a super user. */
export const PICKER_REFUSED = 'Only a super user signing in may pick a tenant: sign in again';

export interface SuperUserRoutesDeps {
  db: Kysely<Database>;
  /** URL of the identity provider's sign-in step `uid` (where the picker hands the browser back). */
  signInStepUrl: (interactionUid: string) => string;
  clock: () => Date;
}

/**
 * The super-user tenant picker's calls (spec shell §7). No bearer token: the page is reached in the middle of a
 * sign-in, before the portal has a token. The sessionToken the identity provider put in the page's URL authorises
 * them, and only while it is unexpired, unspent and its user is a super user; anything else (a normal user's bearer
 * token included) is a 403.
 */
export async function registerSuperUserRoutes(server: FastifyInstance, deps: SuperUserRoutesDeps): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock } = deps;

  async function superUserGrant(sessionToken: string): Promise<PickerGrant> {
    const grant = await findPickerGrant(db, sessionToken, clock());
    if (grant === null || !grant.isSuperUser) throw new HttpError(403, PICKER_REFUSED);
    return grant;
  }

  app.get(
    `${SUPER_USERS_PREFIX}/get-super-user-tenants`,
    {
      schema: {
        querystring: TenantSearchQuerySchema,
        response: { 200: TenantSearchResultSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await superUserGrant(request.query.sessionToken);
      reply.header('cache-control', 'no-store');
      return searchTenants(db, request.query.namePattern);
    },
  );

  app.get(
    `${SUPER_USERS_PREFIX}/login-callback`,
    {
      schema: {
        querystring: LoginCallbackQuerySchema,
        response: { 200: LoginCallbackResultSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { selectedTenantId, state, sessionToken } = request.query;
      const grant = await superUserGrant(sessionToken);
      // The token belongs to one sign-in step: another step's state is not this sign-in.
      if (state !== grant.interactionUid) throw new HttpError(403, PICKER_REFUSED);
      const tenant = await findTenant(db, selectedTenantId);
      if (tenant === null) throw new HttpError(404, `No tenant ${selectedTenantId}`);
      if (!(await recordTenantChoice(db, grant, tenant.id, clock()))) throw new HttpError(403, PICKER_REFUSED);
      request.log.info(
        { userId: grant.userId, tenantId: tenant.id, interaction: grant.interactionUid },
        'super user chose a tenant',
      );
      reply.header('cache-control', 'no-store');
      return { callbackUrl: deps.signInStepUrl(grant.interactionUid) };
    },
  );
}
