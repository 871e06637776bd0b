import type { FastifyInstance } from 'fastify';
import type {
  AgreementUpdate,
  ListedUser,
  LocaleUpdate,
  ProfileData,
  UserSettingsUpdate,
} from '../../shared/api-types.ts';
import { hasRole, ROLE } from '../../shared/auth/roles.ts';
import { requireRole } from '../auth/authentication.plugin.ts';
import type { PortalConfig } from '../config.ts';
import { HttpError } from '../http-errors.ts';
import { loadCurrentUser } from '../users/current-user.ts';
import { readUserSettings, saveUserSettings } from '../users/user-settings.ts';
import { errorResponses, noQuerySchema, nullableString, stringArray, systemGroupSchema } from './schemas.ts';

const REPORT_TYPES = ['overview', 'systems', 'jobs'];

const profileDataSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'email',
    'firstName',
    'lastName',
    'profilePictureUrl',
    'permissions',
    'reportTypes',
    'userAgreementVersion',
    'userAgreement',
    'isSuperUser',
    'tenantId',
    'tenantName',
    'localeCode',
  ],
  properties: {
    id: { type: 'string' },
    email: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    profilePictureUrl: nullableString,
    permissions: stringArray,
    reportTypes: stringArray,
    userAgreementVersion: nullableString,
    userAgreement: { type: 'boolean' },
    isSuperUser: { type: 'boolean' },
    tenantId: { type: 'string' },
    tenantName: { type: 'string' },
    localeCode: nullableString,
  },
} as const;

const lengthUnitsSchema = { type: 'string', enum: ['Yard', 'Meter'] } as const;
const rtrMetricUnitSchema = { type: 'string', enum: ['Linear', 'Square'] } as const;
const systemsAnalysisViewSchema = { type: 'string', enum: ['table', 'cards'] } as const;

const userSettingsSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'userSystemGroup',
    'defaultSystemGroup',
    'lengthUnits',
    'volumeUnits',
    'rtrMetricUnit',
    'portalLanguage',
    'realTimeRefreshRateSeconds',
    'systemsAnalysisView',
    'tenantName',
    'importedTenantId',
    'office',
    'accountType',
  ],
  properties: {
    userSystemGroup: { type: 'array', items: systemGroupSchema },
    defaultSystemGroup: { anyOf: [systemGroupSchema, { type: 'null' }] },
    lengthUnits: lengthUnitsSchema,
    volumeUnits: { type: 'string' },
    rtrMetricUnit: rtrMetricUnitSchema,
    portalLanguage: { type: 'string' },
    realTimeRefreshRateSeconds: { type: 'integer' },
    systemsAnalysisView: systemsAnalysisViewSchema,
    tenantName: { type: 'string' },
    importedTenantId: { type: 'string' },
    office: { type: 'string' },
    accountType: { type: 'string' },
  },
} as const;

/** Settings without userSystemGroup (spec shell §7), plus our systemsAnalysisView; anything else is rejected. */
const userSettingsUpdateSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    defaultSystemGroup: { anyOf: [systemGroupSchema, { type: 'null' }] },
    lengthUnits: lengthUnitsSchema,
    rtrMetricUnit: rtrMetricUnitSchema,
    portalLanguage: { type: 'string', minLength: 1, maxLength: 35 },
    systemsAnalysisView: systemsAnalysisViewSchema,
  },
} as const;

/**
 * What a ReadOnly user may save: only the view they chose on Systems Analysis, a page they use. The rest are the Settings
 * page's preferences, and spec shell §6 gives ReadOnly no Settings entry: the API refuses them what the UI does not offer.
 */
const READ_ONLY_SETTINGS: ReadonlySet<string> = new Set<keyof UserSettingsUpdate>(['systemsAnalysisView']);

const listedUserSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'firstname',
    'lastname',
    'email',
    'permissions',
    'isRootUser',
    'isShadowUser',
    'profilePictureUrl',
    'customerIds',
    'siteIds',
    'systemIds',
    'localeCode',
  ],
  properties: {
    id: { type: 'string' },
    firstname: { type: 'string' },
    lastname: { type: 'string' },
    email: { type: 'string' },
    permissions: stringArray,
    isRootUser: { type: 'boolean' },
    isShadowUser: { type: 'boolean' },
    profilePictureUrl: nullableString,
    customerIds: stringArray,
    siteIds: stringArray,
    systemIds: stringArray,
    localeCode: nullableString,
  },
} as const;

const noContent = { 204: { type: 'null' }, ...errorResponses } as const;

/**
 * /api/users/*: the signed-in user's profile, locale, agreement and settings, and the tenant's user list for admins.
 * Register inside the scope of registerTenantScope: every handler reaches the database only through `request.tenantDb`.
 */
export async function registerUserRoutes(app: FastifyInstance, deps: { config: PortalConfig }): Promise<void> {
  const { config } = deps;

  app.get(
    '/api/users/profile-data',
    { schema: { querystring: noQuerySchema, response: { 200: profileDataSchema, ...errorResponses } } },
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

  app.post<{ Body: LocaleUpdate }>(
    '/api/users/locale',
    {
      schema: {
        querystring: noQuerySchema,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['localeCode'],
          properties: { localeCode: { type: 'string', minLength: 1, maxLength: 35 } },
        },
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

  app.post<{ Body: AgreementUpdate }>(
    '/api/users/agreement',
    {
      schema: {
        querystring: noQuerySchema,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['version', 'isApproved'],
          properties: { version: { type: 'string', minLength: 1, maxLength: 20 }, isApproved: { type: 'boolean' } },
        },
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
    { schema: { querystring: noQuerySchema, response: { 200: userSettingsSchema, ...errorResponses } } },
    async (request) =>
      request.tenantDb(async (trx) => readUserSettings(trx, await loadCurrentUser(trx, request.portalUser))),
  );

  app.post<{ Body: UserSettingsUpdate }>(
    '/api/users/user-settings',
    {
      schema: {
        querystring: noQuerySchema,
        body: userSettingsUpdateSchema,
        response: { 200: userSettingsSchema, ...errorResponses },
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

  app.get(
    '/api/users/extended',
    {
      preHandler: requireRole(ROLE.Admin),
      schema: {
        querystring: noQuerySchema,
        response: { 200: { type: 'array', items: listedUserSchema }, ...errorResponses },
      },
    },
    async (request): Promise<ListedUser[]> => {
      const rows = await request.tenantDb((trx) =>
        trx
          .selectFrom('users')
          .selectAll()
          .where('tenant_id', '=', request.portalUser.tenantId)
          .where('is_shadow_user', '=', false)
          .orderBy('last_name')
          .orderBy('first_name')
          .execute(),
      );
      return rows.map((row) => ({
        id: row.id,
        firstname: row.first_name,
        lastname: row.last_name,
        email: row.email,
        permissions: row.roles,
        isRootUser: row.is_root_user,
        isShadowUser: row.is_shadow_user,
        profilePictureUrl: row.profile_picture_url,
        customerIds: row.customer_ids,
        siteIds: row.site_ids,
        systemIds: row.system_ids,
        localeCode: row.locale,
      }));
    },
  );
}
