import type { FastifyInstance } from 'fastify';
import type { SystemNameUpdate } from '../../shared/api-types.ts';
import { hasRole, ROLE } from '../../shared/auth/roles.ts';
import type { SystemGroup } from '../../shared/system-group.ts';
import { STATUSES } from '../ingest/measures.ts';
import { HttpError } from '../http-errors.ts';
import { renameSystem, systemNicknames, systemsAnalysis } from '../reports/system-data.ts';
import { loadCurrentUser } from '../users/current-user.ts';
import { withOverviewContext, type OverviewQuery } from './overview-report.routes.ts';
import { closed, nullableString, periodQuerySchema, periodsAnswer, string } from './overview-report.schemas.ts';
import { errorResponses, systemGroupSchema } from './schemas.ts';

const nicknamesSchema = closed({
  nicknameResponse: { type: 'array', items: closed({ serialNumber: string, nickName: nullableString }) },
});

const systemNameBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['serialNumber', 'nickName'],
  properties: {
    serialNumber: { type: 'string', minLength: 1, maxLength: 100 },
    nickName: { type: 'string', maxLength: 100 },
  },
} as const;

const analysisItemSchema = closed({
  serialNumber: string,
  systemNickName: nullableString,
  systemModel: string,
  printerStatus: { type: 'string', enum: STATUSES.map((status) => status.name) },
  lastUpdate: nullableString,
  production: { type: 'number' },
  speed: { type: 'number' },
  availability: { type: 'number' },
  oee: {
    anyOf: [
      closed({
        oee: { type: 'number' },
        availability: { type: 'number' },
        performance: { type: 'number' },
        quality: { type: 'number' },
      }),
      { type: 'null' },
    ],
  },
  isEverReported: { type: 'boolean' },
});

/**
 * /api/system-data/*: nicknames (read and change) and the per-system figures of Systems Analysis' cards and table.
 * Register inside the scope of registerTenantScope: every handler reaches the database only through `request.tenantDb`.
 */
export async function registerSystemDataRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { systemGroup?: SystemGroup } }>(
    '/api/system-data/systems-name',
    {
      schema: {
        querystring: { type: 'object', additionalProperties: false, properties: { systemGroup: systemGroupSchema } },
        response: { 200: nicknamesSchema, ...errorResponses },
      },
    },
    async (request) =>
      request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return systemNicknames(trx, scope, request.query.systemGroup);
      }),
  );

  app.post<{ Body: SystemNameUpdate }>(
    '/api/system-data/system-name',
    {
      schema: {
        body: systemNameBodySchema,
        response: { 200: closed({ nickName: nullableString }), ...errorResponses },
      },
    },
    async (request) => {
      if (hasRole(request.portalUser.roles, ROLE.ReadOnly)) {
        throw new HttpError(403, 'User is forbidden to access this functionality');
      }
      return request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return renameSystem(trx, scope, request.body.serialNumber, request.body.nickName);
      });
    },
  );

  app.get<{ Querystring: OverviewQuery }>(
    '/api/system-data/systems-analysis',
    {
      schema: {
        querystring: periodQuerySchema,
        response: { 200: periodsAnswer({ systems: { type: 'array', items: analysisItemSchema } }), ...errorResponses },
      },
    },
    async (request) => withOverviewContext(request, [], systemsAnalysis),
  );
}
