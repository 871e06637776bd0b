import type { ColumnType, Generated } from 'kysely';
import type { SystemGroup } from '../../shared/system-group.ts';

/** Kysely table types; one interface per table of the migrations in ./migrations. */
export interface TenantsTable {
  id: string;
  name: string;
  account_type: Generated<string>;
  office: Generated<string>;
  imported_tenant_id: Generated<string>;
}

export interface CustomersTable {
  tenant_id: string;
  id: string;
  name: string;
  imported_customer_id: Generated<string>;
}

export interface SitesTable {
  tenant_id: string;
  id: string;
  customer_id: string;
  name: string;
  time_zone: Generated<string>;
}

export interface ModelsTable {
  tenant_id: string;
  id: string;
  name: string;
  system_group: SystemGroup;
}

export interface SystemsTable {
  tenant_id: string;
  id: string;
  serial_number: string;
  customer_id: string;
  site_id: string;
  model_id: string;
  system_group: SystemGroup;
  nickname: string | null;
  model_start_date: ColumnType<Date | null, string | Date | null | undefined, string | Date | null>;
  model_end_date: ColumnType<Date | null, string | Date | null | undefined, string | Date | null>;
  ever_reported: Generated<boolean>;
}

export interface UsersTable {
  id: string;
  tenant_id: string;
  email: string;
  first_name: string;
  last_name: string;
  roles: Generated<string[]>;
  is_super_user: Generated<boolean>;
  is_root_user: Generated<boolean>;
  is_shadow_user: Generated<boolean>;
  locale: string | null;
  profile_picture_url: string | null;
  password_hash: string | null;
  customer_ids: Generated<string[]>;
  site_ids: Generated<string[]>;
  system_ids: Generated<string[]>;
  created_at: Generated<Date>;
}

export interface UserSettingsTable {
  user_id: string;
  default_system_group: SystemGroup | null;
  length_units: Generated<'Yard' | 'Meter'>;
  volume_units: Generated<string>;
  rtr_metric_unit: Generated<'Linear' | 'Square'>;
  portal_language: Generated<string>;
  real_time_refresh_rate_seconds: Generated<number>;
  updated_at: Generated<Date>;
}

export interface AgreementsTable {
  user_id: string;
  version: string;
  approved: boolean;
  recorded_at: Generated<Date>;
}

export interface OidcPayloadsTable {
  kind: string;
  id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Date | null;
  consumed_at: Date | null;
}

export interface JobsTable {
  tenant_id: string;
  system_id: string;
  id: string;
  started_at: ColumnType<Date, Date | string, Date | string>;
  ended_at: ColumnType<Date, Date | string, Date | string>;
  impressions: number;
  image_area_cm2: Generated<number>;
}

export interface Database {
  tenants: TenantsTable;
  customers: CustomersTable;
  sites: SitesTable;
  models: ModelsTable;
  systems: SystemsTable;
  users: UsersTable;
  user_settings: UserSettingsTable;
  agreements: AgreementsTable;
  oidc_payloads: OidcPayloadsTable;
  jobs: JobsTable;
}
