import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ERROR_RESPONSES, NoQuery } from '../../shared/contract/primitives.ts';
import {
  CustomerDataQuerySchema,
  CustomerDataResponseSchema,
  ScopeCustomersSchema,
  ScopeSitesSchema,
  ScopeSystemsSchema,
} from '../../shared/contract/scope.contract.ts';
import { HttpError } from '../http-errors.ts';
import { customerOfSystem, listScopeCustomers, listScopeSites, listScopeSystems } from '../reports/scope.ts';
import { loadCurrentUser } from '../users/current-user.ts';

/** The one answer for a serial number that is not in the caller's scope, whether or not it exists. */
export const UNKNOWN_SERIAL_MESSAGE = 'No system with this serial number is available to you';

/**
 * /api/data/*: the scope hierarchy of spec shell §3 (customers → sites → systems) as the caller's scope allows it, and the
 * customer owning a system. Register inside the scope of registerTenantScope: handlers use only `request.tenantDb`.
 */
export async function registerDataRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/data/customers',
    {
      schema: {
        querystring: NoQuery,
        response: { 200: ScopeCustomersSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) =>
      request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return listScopeCustomers(trx, scope);
      }),
  );

  app.get(
    '/api/data/sites',
    {
      schema: {
        querystring: NoQuery,
        response: { 200: ScopeSitesSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) =>
      request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return listScopeSites(trx, scope);
      }),
  );

  app.get(
    '/api/data/systems',
    {
      schema: {
        querystring: NoQuery,
        response: { 200: ScopeSystemsSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) =>
      request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return listScopeSystems(trx, scope);
      }),
  );

  app.get(
    '/api/data/customer-data',
    {
      schema: {
        querystring: CustomerDataQuerySchema,
        response: { 200: CustomerDataResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const customer = await request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return customerOfSystem(trx, scope, request.query.serialNumber);
      });
      if (customer === undefined) throw new HttpError(404, UNKNOWN_SERIAL_MESSAGE);
      return customer;
    },
  );
}
