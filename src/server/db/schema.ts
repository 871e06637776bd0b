import type { ColumnType, Generated } from 'kysely';
import type { SystemGroup } from '../../shared/system-group.ts';
import type { InkColour, PrinterStatus, StatusColumn } from '../ingest/measures.ts';

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
  /** Ideal production rate of the model: impressions per hour, metres per hour for DTF (OEE performance; migration 012). */
  ideal_rate_per_hour: number | null;
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
  /** Latest telemetry time seen by ingest (maxKeepAlive). */
  last_reported_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
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
  systems_analysis_view: 'table' | 'cards' | null;
  updated_at: Generated<Date>;
}

export interface AgreementsTable {
  user_id: string;
  version: string;
  approved: boolean;
  recorded_at: Generated<Date>;
}

/** One throttled sign-in key's state (migration 029, idp/shared-login-throttle.ts); written as JSON text. */
export interface SignInThrottleTable {
  key: string;
  state: ColumnType<Record<string, unknown>, string, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
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
  /** DTF print mode 0–3 (Production, ProdSolid, Quality, QualitySolid); null for other groups. */
  print_mode: number | null;
  media_length_mm: Generated<number>;
  media_width_mm: number | null;
  dark_garment: Generated<boolean>;
  pretreatment: Generated<boolean>;
  image_name: string | null;
  /** The job's output was rejected: misprinted, scrapped or reprinted (OEE quality; migration 012). */
  rejected: Generated<boolean>;
  /** Generated from image_area_cm2: Small < 467, Medium 467–935, Large above. */
  size_category: ColumnType<'Small' | 'Medium' | 'Large', never, never>;
}

/** Integer microlitres per ink colour. */
type InkColumns<T> = { [C in InkColour as `ink_${C}_ul`]: T };
/** int8 columns come back as strings (pg's default parsing). */
type Int8 = ColumnType<string, number | string | undefined, number | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A date column (yyyy-MM-dd); pg parses it into a Date at local midnight, so reports select it `::text`. */
type DateColumn = ColumnType<Date, string, string>;

export type JobsTableWithInk = JobsTable & InkColumns<Generated<number>>;

export interface StatusIntervalsTable {
  tenant_id: string;
  system_id: string;
  id: string;
  status: PrinterStatus;
  started_at: Timestamp;
  ended_at: Timestamp;
  code: string | null;
}

export interface EventsTable {
  tenant_id: string;
  system_id: string;
  id: string;
  kind: 'error' | 'maintenance';
  code: string;
  message: Generated<string>;
  started_at: Timestamp;
  ended_at: NullableTimestamp;
  duration_seconds: ColumnType<number | null, never, never>;
}

export interface InkLoadsTable {
  tenant_id: string;
  system_id: string;
  id: string;
  loaded_at: Timestamp;
  colour: InkColour;
  volume_ul: number;
  bottle_id: string | null;
}

export interface ShiftsTable {
  tenant_id: string;
  id: string;
  site_id: string;
  name: string;
  /** hh:mm[:ss] local time of the site. */
  starts_at: string;
  ends_at: string;
  /** ISO weekdays 1 (Monday) – 7. */
  weekdays: Generated<number[]>;
  /** Local day from which this definition applies (migration 016); ingest keeps the latest. */
  valid_from: ColumnType<Date, string | undefined, string>;
}

export interface ShiftTargetsTable {
  tenant_id: string;
  system_id: string;
  shift_id: string;
  valid_from: DateColumn;
  target_impressions: number;
}

export interface SoftwareVersionsTable {
  tenant_id: string;
  system_id: string;
  id: string;
  reported_at: Timestamp;
  component: string;
  version: string;
}

export interface MachineParametersTable {
  tenant_id: string;
  system_id: string;
  id: string;
  recorded_at: Timestamp;
  name: string;
  /** JSON as sent: a number, text or boolean; JSON null when the printer sent none. */
  value: ColumnType<unknown, string, string>;
  /** The allowed range as sent (migration 015); SQL NULL when not sent. */
  min_value: ColumnType<unknown, string | null | undefined, string | null>;
  max_value: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface QualisetResultsTable {
  tenant_id: string;
  system_id: string;
  id: string;
  measured_at: Timestamp;
  test_name: string;
  passed: boolean;
  score: number | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
}

/** Measures of system_hour and system_day (see ingest/measures.ts). */
export type RollupMeasures = {
  jobs: Generated<number>;
  impressions: Int8;
  dark_impressions: Int8;
  media_length_mm: Int8;
  print_seconds: Generated<number>;
  bottles_loaded: Generated<number>;
  rejected_impressions: Int8;
  rejected_media_length_mm: Int8;
} & { [S in StatusColumn]: Generated<number> } & InkColumns<Int8>;

export type SystemHourTable = { tenant_id: string; system_id: string; hour_start: Timestamp } & RollupMeasures;
export type SystemDayTable = { tenant_id: string; system_id: string; local_day: DateColumn } & RollupMeasures;
/** system_day summed per local month (migration 026, ingest/month-rollups.sql.ts); month_start is the month's 1st. */
export type SystemMonthTable = { tenant_id: string; system_id: string; month_start: DateColumn } & RollupMeasures;

/** All systems of one site and group per local day / local hour of day (migration 010). */
type SiteGroupKey = { tenant_id: string; site_id: string; system_group: SystemGroup; local_day: DateColumn };
export type SiteGroupDayTable = SiteGroupKey & RollupMeasures;
export type SiteGroupHourTable = SiteGroupKey & { local_hour: number } & RollupMeasures;

/** OEE's planned time and its measures (migration 025, ingest/planned-hours.sql.ts). */
type PlannedMeasures = {
  planned_seconds: number;
  run_seconds: Generated<number>;
  impressions: Int8;
  rejected_impressions: Int8;
  media_length_mm: Int8;
  rejected_media_length_mm: Int8;
};
export type PlannedHourTable = { tenant_id: string; system_id: string; hour_start: Timestamp } & PlannedMeasures;
export type PlannedDayTable = { tenant_id: string; system_id: string; local_day: DateColumn } & PlannedMeasures;
export interface PlannedSpansTable {
  tenant_id: string;
  system_id: string;
  first_hour: Timestamp;
  data_end: Timestamp;
}

type JobDayGroup = 'small' | 'medium' | 'large' | 'mode_0' | 'mode_1' | 'mode_2' | 'mode_3';
export type JobDayTable = { tenant_id: string; system_id: string; local_day: DateColumn } & {
  [G in JobDayGroup as `jobs_${G}`]: Generated<number>;
} & { [G in JobDayGroup as `impressions_${G}`]: Int8 } & { [G in JobDayGroup as `ink_${G}_ul`]: Int8 } & {
  [G in JobDayGroup as `print_seconds_${G}`]: Generated<number>;
} & { [G in JobDayGroup as `media_length_mm_${G}`]: Int8 } & {
  [G in JobDayGroup as `media_width_max_mm_${G}`]: Generated<number>;
};
/** job_day per local month (migration 026): sums, and the widest film of the month's days. */
export type JobMonthTable = Omit<JobDayTable, 'local_day'> & { month_start: DateColumn };

/**
 * The identities of shift calendar records (tenant, printer, kind, id) and, before migration 018, of every record; a
 * fact's identity is its own row's key (src/server/ingest/identity-writes.ts).
 */
export interface IngestRecordsTable {
  tenant_id: string;
  /** The printer; '' for identities stored before migration 018 whose printer it could not tell. */
  system_id: string;
  record_id: string;
  kind: string;
  /** SHA-256 of a shift calendar record's content (its rows are not kept by record id); null on older rows. */
  content_hash: string | null;
  received_at: Generated<Date>;
}

export interface IngestTokensTable {
  token_hash: string;
  tenant_id: string;
  created_at: Generated<Date>;
}

/** Weekly and yearly goals per tenant and group (migration 008). */
export interface GoalsTable {
  tenant_id: string;
  system_group: SystemGroup;
  goal_type: 'weekly' | 'yearly';
  /** The Monday of the week or 1 January of the year the goal was set for; it holds until a later goal. */
  period_start: DateColumn;
  goal_value: number;
  modified_at: Generated<Date>;
  modified_by: string | null;
}

/** A user's e-mail report entry (migration 019; spec shell §3 "Scheduler entry"). Weekdays: Monday 0 … Sunday 6. */
export interface EmailSchedulesTable {
  tenant_id: string;
  id: string;
  user_id: string;
  subject: string;
  /** Index into the report types (spec: sent as the index plus 1, stored minus 1). */
  report_type: Generated<number>;
  start_send_date: DateColumn;
  end_send_date: DateColumn | null;
  repeat_frequency: Generated<number>;
  send_weekdays: number[];
  /** The user's IANA time zone: the weekday and send hour are read on its clock. */
  time_zone: Generated<string>;
  notes: Generated<string>;
  is_active: Generated<boolean>;
  customer_ids: Generated<string[]>;
  site_ids: Generated<string[]>;
  system_ids: Generated<string[]>;
  created_at: Generated<Date>;
  last_sent_at: Date | null;
  last_error: string | null;
}

/** One send slot of an entry (migration 019): at most one row, so at most one e-mail, per entry and slot. */
export interface EmailSendsTable {
  tenant_id: string;
  schedule_id: string;
  due_at: Date;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  claimed_until: Date | null;
  sent_at: Date | null;
  recipient: string | null;
  error: string | null;
}

/** Keys the portal generates once, shared by every replica (migration 019). */
export interface PortalSecretsTable {
  name: string;
  value: string;
  created_at: Generated<Date>;
}

/** A client certificate of the public data API (migration 024): the certificate only, never its key. */
export interface ClientCertificatesTable {
  /** SHA-256 fingerprint, 64 upper-case hex digits. */
  thumbprint: string;
  tenant_id: string;
  user_id: string;
  email: string;
  certificate_pem: string;
  valid_from: ColumnType<Date, Date | string, Date | string>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Generated<Date>;
}

/** An invitation or password-reset link (migration 022): only its token's SHA-256 is kept. */
export interface UserAccessTokensTable {
  token_hash: string;
  tenant_id: string;
  user_id: string;
  purpose: 'invitation' | 'password-reset';
  redirect_url: string;
  created_at: ColumnType<Date, Date | string, Date | string>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A captcha challenge already used (migration 022), kept until it expires. */
export interface CaptchaSpentTable {
  signature: string;
  tenant_id: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

/** A user's resized avatar (migration 022). */
export interface UserAvatarsTable {
  user_id: string;
  tenant_id: string;
  image: Buffer;
  content_type: 'image/jpeg' | 'image/png';
  etag: string;
  updated_at: Generated<Date>;
}

/** A super-user tenant picker's sessionToken (migration 023): only its SHA-256 is kept; single use, short-lived. */
export interface SuperUserPickerTokensTable {
  token_hash: string;
  user_id: string;
  /** The provider interaction (the sign-in step) the picker resumes; the page's `state`. */
  interaction_uid: string;
  /** The provider session and its login time (epoch seconds) the choice is for. */
  session_uid: string;
  /** int8: read as a string. */
  login_ts: ColumnType<string, number, number>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** One tenant a super user chose at sign-in (migration 023): the audit, and the tenant their session's tokens carry. */
export interface SuperUserTenantChoicesTable {
  id: Generated<string>;
  user_id: string;
  user_email: string;
  tenant_id: string;
  /** The sign-in step it was chosen in: the provider finishes that step with it. */
  interaction_uid: string;
  session_uid: string;
  /** int8: read as a string. */
  login_ts: ColumnType<string, number, number>;
  chosen_at: Generated<Date>;
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
  sign_in_throttle: SignInThrottleTable;
  super_user_picker_tokens: SuperUserPickerTokensTable;
  super_user_tenant_choices: SuperUserTenantChoicesTable;
  jobs: JobsTableWithInk;
  status_intervals: StatusIntervalsTable;
  events: EventsTable;
  ink_loads: InkLoadsTable;
  shifts: ShiftsTable;
  shift_targets: ShiftTargetsTable;
  software_versions: SoftwareVersionsTable;
  machine_parameters: MachineParametersTable;
  qualiset_results: QualisetResultsTable;
  system_hour: SystemHourTable;
  system_day: SystemDayTable;
  job_day: JobDayTable;
  system_month: SystemMonthTable;
  job_month: JobMonthTable;
  site_group_day: SiteGroupDayTable;
  site_group_hour: SiteGroupHourTable;
  planned_spans: PlannedSpansTable;
  planned_hour: PlannedHourTable;
  planned_day: PlannedDayTable;
  ingest_records: IngestRecordsTable;
  ingest_tokens: IngestTokensTable;
  goals: GoalsTable;
  email_schedules: EmailSchedulesTable;
  email_sends: EmailSendsTable;
  portal_secrets: PortalSecretsTable;
  client_certificates: ClientCertificatesTable;
  user_access_tokens: UserAccessTokensTable;
  captcha_spent: CaptchaSpentTable;
  user_avatars: UserAvatarsTable;
}
