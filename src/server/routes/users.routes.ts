import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ERROR_RESPONSES, NoContent, NoQuery } from '../../shared/contract/primitives.ts';
import {
  AgreementUpdateSchema,
  LocaleUpdateSchema,
  ProfileDataSchema,
  UserSettingsSchema,
  UserSettingsUpdateSchema,
  type ProfileData,
  type UserSettingsUpdate,
} from '../../shared/contract/users.contract.ts';
import { hasRole, ROLE } from '../../shared/auth/roles.ts';
import type { PortalConfig } from '../config.ts';
import { HttpError } from '../http-errors.ts';
import { loadCurrentUser } from '../users/current-user.ts';
import { readUserSettings, saveUserSettings } from '../users/user-settings.ts';
import { registerUserAdminRoutes } from './users-admin.routes.ts';

const REPORT_TYPES = ['overview', 'systems', 'jobs'];

/**
 * What a ReadOnly user may save: only the view they chose on Systems Analysis, a page they use. The rest are the Settings
 * page's preferences, and spec shell §6 gives ReadOnly no Settings entry: the API refuses them what the UI does not offer.
 */
const READ_ONLY_SETTINGS: ReadonlySet<string> = new Set<keyof UserSettingsUpdate>(['systemsAnalysisView']);

const noContent = { 204: NoContent, ...ERROR_RESPONSES } as const;

/**
 * /api/users/*: the signed-in user's profile, locale, agreement and settings, and (users-admin.routes.ts) Account
 * Management's calls for admins.
 * Register inside the scope of registerTenantScope: every handler reaches the database only through `request.tenantDb`.
 */
export async function registerUserRoutes(server: FastifyInstance, deps: { config: PortalConfig }): Promise<void> {
  const { config } = deps;
  const app = server.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/users/profile-data',
    { schema: { querystring: NoQuery, response: { 200: ProfileDataSchema, ...ERROR_RESPONSES } } },
    async (request): Promise<ProfileData> => {
      const claims = request.portalUser;
      const { row, agreement, tenant } = await request.tenantDb(async (trx) => {
        const { row } = await loadCurrentUser(trx, claims);
        const agreement = await trx
          .selectFrom('agreements')
          .selectAll()
          .where('user_id', '=', row.id)
          .executeTakeFirst();
        const tenant = await trx
          .selectFrom('tenants')
          .select('name')
          .where('id', '=', claims.tenantId)
          .executeTakeFirst();
        return { row, agreement, tenant };
      });
      return {
        id: claims.sub,
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        profilePictureUrl: row.profile_picture_url ?? claims.picture,
        permissions: claims.roles,
        reportTypes: config.liveDashboardTenants.includes(claims.tenantId)
          ? [...REPORT_TYPES, 'tv-dashboard']
          : REPORT_TYPES,
        userAgreementVersion: agreement?.version ?? claims.agreementVersion,
        userAgreement: agreement?.approved ?? claims.agreementApproved,
        isSuperUser: claims.isSuperUser,
        tenantId: claims.tenantId,
        tenantName: tenant?.name ?? claims.tenantName,
        localeCode: row.locale ?? claims.locale,
      };
    },
  );

  app.post(
    '/api/users/locale',
    {
      schema: {
        querystring: NoQuery,
        body: LocaleUpdateSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      const claims = request.portalUser;
      // Super users act on customers' tenants: their locale is never stored (spec shell §6).
      if (!claims.isSuperUser) {
        await request.tenantDb(async (trx) => {
          const { row } = await loadCurrentUser(trx, claims);
          await trx
            .updateTable('users')
            .set({ locale: request.body.localeCode })
            .where('tenant_id', '=', claims.tenantId)
            .where('id', '=', row.id)
            .execute();
        });
      }
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/users/agreement',
    {
      schema: {
        querystring: NoQuery,
        body: AgreementUpdateSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      const { version, isApproved } = request.body;
      await request.tenantDb(async (trx) => {
        const { row } = await loadCurrentUser(trx, request.portalUser);
        await trx
          .insertInto('agreements')
          .values({ user_id: row.id, version, approved: isApproved })
          .onConflict((conflict) =>
            conflict.column('user_id').doUpdateSet({ version, approved: isApproved, recorded_at: new Date() }),
          )
          .execute();
      });
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/users/user-settings',
    { schema: { querystring: NoQuery, response: { 200: UserSettingsSchema, ...ERROR_RESPONSES } } },
    async (request) =>
      request.tenantDb(async (trx) => readUserSettings(trx, await loadCurrentUser(trx, request.portalUser))),
  );

  app.post(
    '/api/users/user-settings',
    {
      schema: {
        querystring: NoQuery,
        body: UserSettingsUpdateSchema,
        response: { 200: UserSettingsSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const readOnly = hasRole(request.portalUser.roles, ROLE.ReadOnly);
      if (readOnly && Object.keys(request.body).some((field) => !READ_ONLY_SETTINGS.has(field))) {
        throw new HttpError(403, 'User is forbidden to access this functionality');
      }
      return request.tenantDb(async (trx) =>
        saveUserSettings(trx, await loadCurrentUser(trx, request.portalUser), request.body),
      );
    },
  );

  await registerUserAdminRoutes(server);
}
