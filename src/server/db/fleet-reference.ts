import type { Kysely } from 'kysely';
import type { SystemGroup } from '../../shared/system-group.ts';
import { insertMissing } from './insert-missing.ts';
import type { Database } from './schema.ts';

export interface ReferenceTenant {
  id: string;
  name: string;
  office: string;
}

export interface ReferenceCustomer {
  tenantId: string;
  id: string;
  name: string;
}

export interface ReferenceSite {
  tenantId: string;
  id: string;
  customerId: string;
  name: string;
  timeZone: string;
}

export interface ReferenceModel {
  tenantId: string;
  id: string;
  name: string;
  group: SystemGroup;
  /** Left out: the column's default (no ideal rate). */
  idealRatePerHour?: number;
}

export interface ReferenceSystem {
  tenantId: string;
  id: string;
  serialNumber: string;
  customerId: string;
  siteId: string;
  modelId: string;
  group: SystemGroup;
  nickname: string | null;
  /** yyyy-MM-dd; left out: the column's default. */
  modelStartDate?: string;
  /** Left out: the column's default. */
  everReported?: boolean;
}

/** Who owns which printers where: the reference rows both the simulator's plan and the test fixture fleet write. */
export interface FleetReference {
  tenants: readonly ReferenceTenant[];
  customers: readonly ReferenceCustomer[];
  sites: readonly ReferenceSite[];
  models: readonly ReferenceModel[];
  systems: readonly ReferenceSystem[];
}

/**
 * Writes tenants, customers, sites, models and systems in that order (each refers to the ones before), leaving rows
 * whose key exists as they are (ON CONFLICT DO NOTHING). Run it inside the caller's transaction.
 */
export async function insertFleetReference(db: Kysely<Database>, fleet: FleetReference): Promise<void> {
  await insertMissing(
    db,
    'tenants',
    fleet.tenants.map((tenant) => ({
      id: tenant.id,
      name: tenant.name,
      account_type: 'customer',
      office: tenant.office,
    })),
  );
  await insertMissing(
    db,
    'customers',
    fleet.customers.map((customer) => ({ tenant_id: customer.tenantId, id: customer.id, name: customer.name })),
  );
  await insertMissing(
    db,
    'sites',
    fleet.sites.map((site) => ({
      tenant_id: site.tenantId,
      id: site.id,
      customer_id: site.customerId,
      name: site.name,
      time_zone: site.timeZone,
    })),
  );
  await insertMissing(
    db,
    'models',
    fleet.models.map((model) => ({
      tenant_id: model.tenantId,
      id: model.id,
      name: model.name,
      system_group: model.group,
      ideal_rate_per_hour: model.idealRatePerHour,
    })),
  );
  await insertMissing(
    db,
    'systems',
    fleet.systems.map((system) => ({
      tenant_id: system.tenantId,
      id: system.id,
      serial_number: system.serialNumber,
      customer_id: system.customerId,
      site_id: system.siteId,
      model_id: system.modelId,
      system_group: system.group,
      nickname: system.nickname,
      model_start_date: system.modelStartDate,
      ever_reported: system.everReported,
    })),
  );
}
