import type { SystemGroup } from './system-group.ts';

/** GET /api/users/profile-data — the "App user" entity of spec shell §3. */
export interface ProfileData {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  profilePictureUrl: string | null;
  /** Role strings of the user. */
  permissions: string[];
  reportTypes: string[];
  userAgreementVersion: string | null;
  userAgreement: boolean;
  isSuperUser: boolean;
  tenantId: string;
  tenantName: string;
  localeCode: string | null;
}

/** GET /api/users/user-settings — the "User settings" entity of spec shell §3. */
export interface UserSettings {
  userSystemGroup: SystemGroup[];
  defaultSystemGroup: SystemGroup | null;
  lengthUnits: 'Yard' | 'Meter';
  volumeUnits: string;
  rtrMetricUnit: 'Linear' | 'Square';
  portalLanguage: string;
  realTimeRefreshRateSeconds: number;
  tenantName: string;
  importedTenantId: string;
  office: string;
  accountType: string;
}

/** POST /api/users/user-settings — settings without userSystemGroup (spec shell §7). */
export interface UserSettingsUpdate {
  defaultSystemGroup?: SystemGroup | null;
  lengthUnits?: 'Yard' | 'Meter';
  rtrMetricUnit?: 'Linear' | 'Square';
  portalLanguage?: string;
}

/** POST /api/users/agreement */
export interface AgreementUpdate {
  version: string;
  isApproved: boolean;
}

/** POST /api/users/locale */
export interface LocaleUpdate {
  localeCode: string;
}

/** Uniform error body of every API failure. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  /** Application code for 5xx errors that the client maps to a message (spec shell §8 "CODE:"). */
  code?: string;
}

/** Filter data of one system group (spec reports §3), as returned by GET /api/reports/date-filters. */
export interface GroupFilterData {
  systemGroup: SystemGroup;
  /** yyyyMMdd or '' when the group has no data. */
  startDate: string;
  endDate: string;
  /** e.g. '3 of 4' — split on spaces into three parts by the header. */
  activeSystems: string;
  sites: { id: string; name: string }[];
  models: { id: string; name: string; siteId: string }[];
  systems: {
    id: string;
    name: string;
    siteId: string;
    modelId: string;
    systemNickName: string | null;
    isEverReported: boolean;
  }[];
}

export interface DateFiltersResponse {
  groups: GroupFilterData[];
}

/** POST /api/reports/getMaxKeepAlive */
export interface MaxKeepAliveResponse {
  /** Last telemetry time in the site's local time, ISO without offset; null when nothing reported. */
  maxKeepAliveValue: string | null;
  maxKeepAliveValueUtc: string | null;
}

/** One KPI card's data (spec reports §3 "Card data"). */
export interface KpiCardData {
  value: number | null;
  units: string;
  /** Fractional change against the previous period; null when there is nothing to compare. */
  stats: number | null;
  statsDescription: string;
}

/** POST /api/overview-report/overview-cards — the walking skeleton returns total production only. */
export interface OverviewCardsResponse {
  systemGroup: SystemGroup;
  day: string;
  totalProduction: KpiCardData;
}

/** GET /api/users/extended — one user of the tenant as Account Management lists it (spec shell §3 "User (as listed)"). */
export interface ListedUser {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  /** Role strings (see src/shared/auth/roles.ts; PERMISSION_NUMBER maps them to the spec's numbers). */
  permissions: string[];
  isRootUser: boolean;
  isShadowUser: boolean;
  profilePictureUrl: string | null;
  /** Scope: empty lists together mean every system of the tenant. */
  customerIds: string[];
  siteIds: string[];
  systemIds: string[];
  localeCode: string | null;
}

/** GET /api/data/customers — a customer (organization) of the scope hierarchy (spec shell §3). */
export interface ScopeCustomer {
  id: string;
  name: string;
  importedCustomerId: string;
}

/** GET /api/data/sites — a site of the scope hierarchy. */
export interface ScopeSite {
  id: string;
  name: string;
  customerId: string;
  /** IANA time zone, e.g. 'Europe/Berlin'. */
  timeZone: string;
}

/** GET /api/data/systems — a system of the scope hierarchy. */
export interface ScopeSystem {
  id: string;
  serialNumber: string;
  customerId: string;
  siteId: string;
  modelId: string;
  systemGroup: SystemGroup;
  systemNickName: string | null;
  isEverReported: boolean;
}

/** GET /api/data/customer-data?serialNumber — the customer owning that system. */
export interface CustomerDataResponse {
  name: string;
  id: string;
  importedCustomerId: string;
}

/** A printer's status as status intervals record it. */
export type PortalPrinterStatus = 'Printing' | 'Preparation' | 'Idle' | 'Error' | 'Maintenance' | 'NotReporting';

/** GET /api/reports/systems — one system of the group in scope. */
export interface ReportSystem {
  serialNumber: string;
  systemNickName: string | null;
  /** The model's name. */
  systemModel: string;
  /** Status of the latest status interval; 'NotReporting' when there is none. */
  printerStatus: PortalPrinterStatus;
  /** ISO UTC: the later of the last report time ingest recorded and the latest job end; null when nothing reported. */
  lastUpdate: string | null;
}

/** GET /api/reports/current-state — each system's current status and how many systems are in each status. */
export interface CurrentStateResponse {
  systemGroup: SystemGroup;
  systems: { serialNumber: string; status: PortalPrinterStatus; since: string | null }[];
  counts: Record<PortalPrinterStatus, number>;
}

/** GET /api/reports/site-extensions — one site in scope and the groups of its systems in scope. */
export interface SiteExtension {
  siteId: string;
  name: string;
  timeZone: string;
  systemGroups: SystemGroup[];
}

/** GET /api/reports/reported-printers-status (spec reports §3 "Reported printers status"). */
export interface ReportedPrintersStatusResponse {
  reportedSystems: { systemGroup: SystemGroup; reportedSystemsData: { reported: number; total: number } }[];
}
