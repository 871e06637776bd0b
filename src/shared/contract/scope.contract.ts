import { Type, type Static } from 'typebox';
import { Closed, NullableString, SystemGroupSchema } from './primitives.ts';

/** Contract of /api/data/*: the scope hierarchy of spec shell §3 (customers → sites → systems). */

/** GET /api/data/customers — a customer (organization) of the scope hierarchy. */
export const ScopeCustomerSchema = Closed({
  id: Type.String(),
  name: Type.String(),
  importedCustomerId: Type.String(),
});
export type ScopeCustomer = Static<typeof ScopeCustomerSchema>;
export const ScopeCustomersSchema = Type.Array(ScopeCustomerSchema, { $id: 'ScopeCustomers' });

/** GET /api/data/sites — a site of the scope hierarchy. */
export const ScopeSiteSchema = Closed({
  id: Type.String(),
  name: Type.String(),
  customerId: Type.String(),
  /** IANA time zone, e.g. 'Europe/Berlin'. */
  timeZone: Type.String(),
});
export type ScopeSite = Static<typeof ScopeSiteSchema>;
export const ScopeSitesSchema = Type.Array(ScopeSiteSchema, { $id: 'ScopeSites' });

/** GET /api/data/systems — a system of the scope hierarchy. */
export const ScopeSystemSchema = Closed({
  id: Type.String(),
  serialNumber: Type.String(),
  customerId: Type.String(),
  siteId: Type.String(),
  modelId: Type.String(),
  systemGroup: SystemGroupSchema,
  systemNickName: NullableString(),
  isEverReported: Type.Boolean(),
});
export type ScopeSystem = Static<typeof ScopeSystemSchema>;
export const ScopeSystemsSchema = Type.Array(ScopeSystemSchema, { $id: 'ScopeSystems' });

/** GET /api/data/customer-data?serialNumber — the query. */
export const CustomerDataQuerySchema = Closed({ serialNumber: Type.String({ minLength: 1, maxLength: 100 }) });

/** GET /api/data/customer-data?serialNumber — the customer owning that system. */
export const CustomerDataResponseSchema = Closed(
  { name: Type.String(), id: Type.String(), importedCustomerId: Type.String() },
  { $id: 'CustomerData' },
);
export type CustomerDataResponse = Static<typeof CustomerDataResponseSchema>;
