/**
 * Tenant isolation in the database (docs/architecture.md §5): the API's role `portal_api` sees and writes only the rows
 * of the tenant named by the transaction-local setting `app.tenant_id` (src/server/db/tenant-scope.ts sets both).
 * Table owners and superusers bypass row-level security, which is why requests must run under `SET LOCAL ROLE portal_api`.
 * Roles are cluster-wide on PostgreSQL (every database of a server, test databases too, share `portal_api`), so the role
 * is created only if missing and a concurrent creation by another database's migration is tolerated.
 * The table lists are written out: a migration never changes once applied; a later table adds its policy in its own migration.
 */
export const name = '003-row-level-security';

/** Tables with a tenant_id column. */
const TENANT_TABLES = [
  'customers',
  'sites',
  'models',
  'systems',
  'users',
  'jobs',
  'status_intervals',
  'events',
  'ink_loads',
  'shifts',
  'shift_targets',
  'software_versions',
  'machine_parameters',
  'qualiset_results',
  'system_hour',
  'system_day',
  'job_day',
  'ingest_records',
  'ingest_tokens',
];

/** Tables keyed by a user: visible when the user is (users itself is tenant-filtered). */
const USER_TABLES = ['user_settings', 'agreements'];

const tenantSetting = `current_setting('app.tenant_id', true)`;

const policy = (table: string, condition: string) => `
ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON ${table} FOR ALL TO portal_api USING (${condition}) WITH CHECK (${condition});`;

export const up = `
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'portal_api') THEN
    CREATE ROLE portal_api NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- created meanwhile by another database's migration on the same server
END
$$;

-- The migrating user must be able to SET ROLE portal_api (a superuser can anyway).
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'portal_api', 'MEMBER') THEN
    EXECUTE format('GRANT portal_api TO %I', current_user);
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;

DO $$
BEGIN
  EXECUTE format('GRANT USAGE ON SCHEMA %I TO portal_api', current_schema());
END
$$;

GRANT SELECT, INSERT, UPDATE, DELETE ON tenants, ${[...TENANT_TABLES, ...USER_TABLES].join(', ')} TO portal_api;
${policy('tenants', `id = ${tenantSetting}`)}
${TENANT_TABLES.map((table) => policy(table, `tenant_id = ${tenantSetting}`)).join('\n')}
${USER_TABLES.map((table) => policy(table, `EXISTS (SELECT 1 FROM users WHERE users.id = ${table}.user_id)`)).join('\n')}
`;
