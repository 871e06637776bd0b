import type { FastifyInstance } from 'fastify';
import type {
  CurrentStateResponse,
  DateFiltersResponse,
  MaxKeepAliveResponse,
  ReportedPrintersStatusResponse,
  ReportSystem,
  SiteExtension,
} from '../../shared/api-types.ts';
import { SYSTEM_GROUPS, type SystemGroup } from '../../shared/system-group.ts';
import { STATUSES } from '../ingest/measures.ts';
import { groupFilterData, maxKeepAlive } from '../reports/filters.ts';
import { reportedPrintersStatus, siteExtensions } from '../reports/scope.ts';
import { currentState, reportSystems } from '../reports/system-state.ts';
import { loadCurrentUser } from '../users/current-user.ts';
import {
  customRangeSchema,
  daySchema,
  errorResponses,
  noQuerySchema,
  nullableString,
  systemGroupSchema,
} from './schemas.ts';

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

/**
 * Period parameters the client may send with every report call (spec reports §7): the selected date, or a custom range.
 * The last-update time does not use them, but they are validated like everywhere else.
 */
const periodParams = {
  day: daySchema,
  week: daySchema,
  month: daySchema,
  quarter: daySchema,
  year: daySchema,
  custom: customRangeSchema,
} as const;

const printerStatusSchema = { type: 'string', enum: STATUSES.map((status) => status.name) } as const;

/**
 * Query of the group-wide state calls (spec reports §7 "Filters and state": day, week, custom, systemGroup). The answer
 * is the systems' state now, so the period parameters are validated but do not change it.
 */
const groupStateQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['systemGroup'],
  properties: {
    day: daySchema,
    week: daySchema,
    custom: customRangeSchema,
    systemGroup: systemGroupSchema,
  },
} as const;

const reportSystemSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['serialNumber', 'systemNickName', 'systemModel', 'printerStatus', 'lastUpdate'],
  properties: {
    serialNumber: { type: 'string' },
    systemNickName: nullableString,
    systemModel: { type: 'string' },
    printerStatus: printerStatusSchema,
    lastUpdate: nullableString,
  },
} as const;

const currentStateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['systemGroup', 'systems', 'counts'],
  properties: {
    systemGroup: systemGroupSchema,
    systems: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['serialNumber', 'status', 'since'],
        properties: { serialNumber: { type: 'string' }, status: printerStatusSchema, since: nullableString },
      },
    },
    counts: {
      type: 'object',
      additionalProperties: false,
      required: STATUSES.map((status) => status.name),
      properties: Object.fromEntries(STATUSES.map((status) => [status.name, { type: 'integer' }])),
    },
  },
} as const;

const siteExtensionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['siteId', 'name', 'timeZone', 'systemGroups'],
  properties: {
    siteId: { type: 'string' },
    name: { type: 'string' },
    timeZone: { type: 'string' },
    systemGroups: { type: 'array', items: { type: 'string', enum: [...SYSTEM_GROUPS] } },
  },
} as const;

const reportedPrintersStatusSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['reportedSystems'],
  properties: {
    reportedSystems: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['systemGroup', 'reportedSystemsData'],
        properties: {
          systemGroup: systemGroupSchema,
          reportedSystemsData: {
            type: 'object',
            additionalProperties: false,
            required: ['reported', 'total'],
            properties: { reported: { type: 'integer' }, total: { type: 'integer' } },
          },
        },
      },
    },
  },
} as const;

interface GroupStateQuery {
  systemGroup: SystemGroup;
}

interface MaxKeepAliveQuery {
  systemGroupType: SystemGroup;
}

/**
 * /api/reports/*: filter data, the last-update time shown in the header, and the scope-wide state calls (systems,
 * current state, site extensions, reported printers status).
 * Register inside the scope of registerTenantScope: every handler reaches the database only through `request.tenantDb`.
 */
export async function registerReportRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/reports/date-filters',
    { schema: { querystring: noQuerySchema, response: { 200: dateFiltersSchema, ...errorResponses } } },
    async (request): Promise<DateFiltersResponse> => {
      return request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return { groups: await groupFilterData(trx, scope) };
      });
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
      return request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return maxKeepAlive(trx, scope, request.query.systemGroupType);
      });
    },
  );

  app.get<{ Querystring: GroupStateQuery }>(
    '/api/reports/systems',
    {
      schema: {
        querystring: groupStateQuerySchema,
        response: { 200: { type: 'array', items: reportSystemSchema }, ...errorResponses },
      },
    },
    async (request): Promise<ReportSystem[]> =>
      request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return reportSystems(trx, scope, request.query.systemGroup);
      }),
  );

  app.get<{ Querystring: GroupStateQuery }>(
    '/api/reports/current-state',
    { schema: { querystring: groupStateQuerySchema, response: { 200: currentStateSchema, ...errorResponses } } },
    async (request): Promise<CurrentStateResponse> =>
      request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return currentState(trx, scope, request.query.systemGroup);
      }),
  );

  app.get(
    '/api/reports/site-extensions',
    {
      schema: {
        querystring: noQuerySchema,
        response: { 200: { type: 'array', items: siteExtensionSchema }, ...errorResponses },
      },
    },
    async (request): Promise<SiteExtension[]> =>
      request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return siteExtensions(trx, scope);
      }),
  );

  app.get(
    '/api/reports/reported-printers-status',
    {
      schema: {
        querystring: noQuerySchema,
        response: { 200: reportedPrintersStatusSchema, ...errorResponses },
      },
    },
    async (request): Promise<ReportedPrintersStatusResponse> =>
      request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return reportedPrintersStatus(trx, scope);
      }),
  );
}
