import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DateFiltersResponse, MaxKeepAliveResponse } from '../../shared/api-types.ts';
import type { SystemGroup } from '../../shared/system-group.ts';
import type { Database } from '../db/schema.ts';
import { groupFilterData, maxKeepAlive } from '../reports/filters.ts';
import { loadCurrentUser } from '../users/current-user.ts';
import { errorResponses, noQuerySchema, nullableString, systemGroupSchema } from './schemas.ts';

const idName = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name'],
  properties: { id: { type: 'string' }, name: { type: 'string' } },
} as const;

const dateFiltersSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['groups'],
  properties: {
    groups: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['systemGroup', 'startDate', 'endDate', 'activeSystems', 'sites', 'models', 'systems'],
        properties: {
          systemGroup: systemGroupSchema,
          startDate: { type: 'string' },
          endDate: { type: 'string' },
          activeSystems: { type: 'string' },
          sites: { type: 'array', items: idName },
          models: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['id', 'name', 'siteId'],
              properties: { id: { type: 'string' }, name: { type: 'string' }, siteId: { type: 'string' } },
            },
          },
          systems: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['id', 'name', 'siteId', 'modelId', 'systemNickName', 'isEverReported'],
              properties: {
                id: { type: 'string' },
                name: { type: 'string' },
                siteId: { type: 'string' },
                modelId: { type: 'string' },
                systemNickName: nullableString,
                isEverReported: { type: 'boolean' },
              },
            },
          },
        },
      },
    },
  },
} as const;

const maxKeepAliveSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['maxKeepAliveValue', 'maxKeepAliveValueUtc'],
  properties: { maxKeepAliveValue: nullableString, maxKeepAliveValueUtc: nullableString },
} as const;

/** Period parameters the client sends with every report call (spec reports §7); the last-update time does not use them. */
const periodParams = {
  day: { type: 'string' },
  week: { type: 'string' },
  month: { type: 'string' },
  quarter: { type: 'string' },
  year: { type: 'string' },
  custom: { type: 'string' },
} as const;

interface MaxKeepAliveQuery {
  systemGroupType: SystemGroup;
}

/** /api/reports/*: filter data and the last-update time shown in the header. */
export async function registerReportRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }): Promise<void> {
  const { db } = deps;

  app.get(
    '/api/reports/date-filters',
    { schema: { querystring: noQuerySchema, response: { 200: dateFiltersSchema, ...errorResponses } } },
    async (request): Promise<DateFiltersResponse> => {
      const { scope } = await loadCurrentUser(db, request.portalUser);
      return { groups: await groupFilterData(db, scope) };
    },
  );

  app.post<{ Querystring: MaxKeepAliveQuery }>(
    '/api/reports/getMaxKeepAlive',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['systemGroupType'],
          properties: { ...periodParams, systemGroupType: systemGroupSchema },
        },
        response: { 200: maxKeepAliveSchema, ...errorResponses },
      },
    },
    async (request): Promise<MaxKeepAliveResponse> => {
      const { scope } = await loadCurrentUser(db, request.portalUser);
      return maxKeepAlive(db, scope, request.query.systemGroupType);
    },
  );
}
