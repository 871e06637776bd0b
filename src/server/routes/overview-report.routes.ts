import type { FastifyInstance } from 'fastify';
import type { OverviewCardsResponse } from '../../shared/api-types.ts';
import type { SystemGroup } from '../../shared/system-group.ts';
import { totalProductionCard } from '../reports/overview.ts';
import { loadCurrentUser } from '../users/current-user.ts';
import { daySchema, errorResponses, systemGroupSchema } from './schemas.ts';

const kpiCardSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['value', 'units', 'stats', 'statsDescription'],
  properties: {
    value: { type: ['number', 'null'] },
    units: { type: 'string' },
    stats: { type: ['number', 'null'] },
    statsDescription: { type: 'string' },
  },
} as const;

const overviewCardsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['systemGroup', 'day', 'totalProduction'],
  properties: { systemGroup: systemGroupSchema, day: { type: 'string' }, totalProduction: kpiCardSchema },
} as const;

/** Body of every report call: the selected serial numbers; empty means all systems in scope. */
const systemsBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['systems'],
  properties: { systems: { type: 'array', maxItems: 5000, items: { type: 'string', maxLength: 100 } } },
} as const;

interface OverviewQuery {
  day: string;
  systemGroup: SystemGroup;
}

/**
 * /api/overview-report/*: the Overview report's data.
 * Register inside the scope of registerTenantScope: every handler reaches the database only through `request.tenantDb`.
 */
export async function registerOverviewReportRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Querystring: OverviewQuery; Body: { systems: string[] } }>(
    '/api/overview-report/overview-cards',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['day', 'systemGroup'],
          properties: { day: daySchema, week: { type: 'string' }, systemGroup: systemGroupSchema },
        },
        body: systemsBodySchema,
        response: { 200: overviewCardsSchema, ...errorResponses },
      },
    },
    async (request): Promise<OverviewCardsResponse> => {
      const { day, systemGroup } = request.query;
      const totalProduction = await request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return totalProductionCard(trx, { scope, group: systemGroup, day, serialNumbers: request.body.systems });
      });
      return { systemGroup, day, totalProduction };
    },
  );
}
