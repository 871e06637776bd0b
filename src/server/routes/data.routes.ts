import type { FastifyInstance } from 'fastify';
import type { CustomerDataResponse, ScopeCustomer, ScopeSite, ScopeSystem } from '../../shared/api-types.ts';
import { HttpError } from '../http-errors.ts';
import { customerOfSystem, listScopeCustomers, listScopeSites, listScopeSystems } from '../reports/scope.ts';
import { loadCurrentUser } from '../users/current-user.ts';
import { errorResponses, noQuerySchema, nullableString, systemGroupSchema } from './schemas.ts';

const customerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'importedCustomerId'],
  properties: { id: { type: 'string' }, name: { type: 'string' }, importedCustomerId: { type: 'string' } },
} as const;

const siteSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'customerId', 'timeZone'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    customerId: { type: 'string' },
    timeZone: { type: 'string' },
  },
} as const;

const systemSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'serialNumber',
    'customerId',
    'siteId',
    'modelId',
    'systemGroup',
    'systemNickName',
    'isEverReported',
  ],
  properties: {
    id: { type: 'string' },
    serialNumber: { type: 'string' },
    customerId: { type: 'string' },
    siteId: { type: 'string' },
    modelId: { type: 'string' },
    systemGroup: systemGroupSchema,
    systemNickName: nullableString,
    isEverReported: { type: 'boolean' },
  },
} as const;

const customerDataSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'id', 'importedCustomerId'],
  properties: { name: { type: 'string' }, id: { type: 'string' }, importedCustomerId: { type: 'string' } },
} as const;

interface CustomerDataQuery {
  serialNumber: string;
}

/** The one answer for a serial number that is not in the caller's scope, whether or not it exists. */
export const UNKNOWN_SERIAL_MESSAGE = 'No system with this serial number is available to you';

/**
 * /api/data/*: the scope hierarchy of spec shell §3 (customers → sites → systems) as the caller's scope allows it, and the
 * customer owning a system. Register inside the scope of registerTenantScope: handlers use only `request.tenantDb`.
 */
export async function registerDataRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/data/customers',
    {
      schema: {
        querystring: noQuerySchema,
        response: { 200: { type: 'array', items: customerSchema }, ...errorResponses },
      },
    },
    async (request): Promise<ScopeCustomer[]> =>
      request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return listScopeCustomers(trx, scope);
      }),
  );

  app.get(
    '/api/data/sites',
    {
      schema: {
        querystring: noQuerySchema,
        response: { 200: { type: 'array', items: siteSchema }, ...errorResponses },
      },
    },
    async (request): Promise<ScopeSite[]> =>
      request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return listScopeSites(trx, scope);
      }),
  );

  app.get(
    '/api/data/systems',
    {
      schema: {
        querystring: noQuerySchema,
        response: { 200: { type: 'array', items: systemSchema }, ...errorResponses },
      },
    },
    async (request): Promise<ScopeSystem[]> =>
      request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return listScopeSystems(trx, scope);
      }),
  );

  app.get<{ Querystring: CustomerDataQuery }>(
    '/api/data/customer-data',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['serialNumber'],
          properties: { serialNumber: { type: 'string', minLength: 1, maxLength: 100 } },
        },
        response: { 200: customerDataSchema, ...errorResponses },
      },
    },
    async (request): Promise<CustomerDataResponse> => {
      const customer = await request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return customerOfSystem(trx, scope, request.query.serialNumber);
      });
      if (customer === undefined) throw new HttpError(404, UNKNOWN_SERIAL_MESSAGE);
      return customer;
    },
  );
}
