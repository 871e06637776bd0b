import type { Kysely } from 'kysely';
import type { UserSettings, UserSettingsUpdate } from '../../shared/api-types.ts';
import { SYSTEM_GROUPS, type SystemGroup } from '../../shared/system-group.ts';
import type { Database } from '../db/schema.ts';
import { scopedSystems, type CurrentUser, type UserScope } from './current-user.ts';

/** The groups the user has systems of, in DTG, DTF, Apollo order. */
export async function userSystemGroups(db: Kysely<Database>, scope: UserScope): Promise<SystemGroup[]> {
  const rows = await scopedSystems(db, scope).select('systems.system_group').distinct().execute();
  const present = new Set(rows.map((row) => row.system_group));
  return SYSTEM_GROUPS.filter((group) => present.has(group));
}

/**
 * The user's settings: stored choices over the defaults, the groups of their scope, and the tenant's fields.
 * A stored default group the user no longer has falls back to their first group.
 */
export async function readUserSettings(db: Kysely<Database>, user: CurrentUser): Promise<UserSettings> {
  const [groups, stored, tenant] = await Promise.all([
    userSystemGroups(db, user.scope),
    db.selectFrom('user_settings').selectAll().where('user_id', '=', user.row.id).executeTakeFirst(),
    db.selectFrom('tenants').selectAll().where('id', '=', user.scope.tenantId).executeTakeFirst(),
  ]);
  const storedGroup = stored?.default_system_group ?? null;
  return {
    userSystemGroup: groups,
    defaultSystemGroup: storedGroup !== null && groups.includes(storedGroup) ? storedGroup : (groups[0] ?? null),
    lengthUnits: stored?.length_units ?? 'Meter',
    volumeUnits: stored?.volume_units ?? 'Liter',
    rtrMetricUnit: stored?.rtr_metric_unit ?? 'Linear',
    portalLanguage: stored?.portal_language ?? 'en-US',
    realTimeRefreshRateSeconds: stored?.real_time_refresh_rate_seconds ?? 300,
    systemsAnalysisView: stored?.systems_analysis_view ?? 'table',
    tenantName: tenant?.name ?? '',
    importedTenantId: tenant?.imported_tenant_id ?? '',
    office: tenant?.office ?? '',
    accountType: tenant?.account_type ?? '',
  };
}

/** Stores the fields present in `update` over the current settings (absent fields keep their value) and returns the result. */
export async function saveUserSettings(
  db: Kysely<Database>,
  user: CurrentUser,
  update: UserSettingsUpdate,
): Promise<UserSettings> {
  const changes = {
    ...(update.defaultSystemGroup === undefined ? {} : { default_system_group: update.defaultSystemGroup }),
    ...(update.lengthUnits === undefined ? {} : { length_units: update.lengthUnits }),
    ...(update.rtrMetricUnit === undefined ? {} : { rtr_metric_unit: update.rtrMetricUnit }),
    ...(update.portalLanguage === undefined ? {} : { portal_language: update.portalLanguage }),
    ...(update.systemsAnalysisView === undefined ? {} : { systems_analysis_view: update.systemsAnalysisView }),
  };
  await db
    .insertInto('user_settings')
    .values({ user_id: user.row.id, default_system_group: null, ...changes })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ ...changes, updated_at: new Date() }))
    .execute();
  return readUserSettings(db, user);
}
