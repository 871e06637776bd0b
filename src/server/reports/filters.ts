import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { GroupFilterData, MaxKeepAliveResponse } from '../../shared/api-types.ts';
import { SYSTEM_GROUPS, type SystemGroup } from '../../shared/system-group.ts';
import type { Database } from '../db/schema.ts';
import { scopedSystems, type UserScope } from '../users/current-user.ts';
import { textsOf, type LanguageTexts } from '../i18n/server-texts.ts';
import { systemJobsAggregate } from './scope.ts';
import { activeSystemsLabel, groupLastUpdate, systemStates } from './system-state.ts';
import { wallClockMs } from '../../shared/time/local-time.ts';

/** yyyyMMdd of a time in the time zone of the outer query's `sites` row. */
function localDayOfSite(time: RawBuilder<Date | string | null>) {
  return sql<string | null>`to_char(${time} AT TIME ZONE sites.time_zone, 'YYYYMMDD')`;
}

/**
 * Filter data of every group the user has systems in (spec reports §3 "Filter data per group"), in DTG, DTF, Apollo order:
 * available dates (yyyyMMdd, in each site's time zone), the active-systems label and the site/model/system tree.
 */
export async function groupFilterData(
  db: Kysely<Database>,
  scope: UserScope,
  texts: LanguageTexts = textsOf(),
): Promise<GroupFilterData[]> {
  // Per system its first and last local day of job starts (null without jobs), each one index probe.
  // Local days never run backwards as UTC time advances, so the day of the first/last start is the first/last day.
  const systems = await scopedSystems(db, scope)
    .innerJoin('sites', (join) =>
      join.onRef('sites.tenant_id', '=', 'systems.tenant_id').onRef('sites.id', '=', 'systems.site_id'),
    )
    .innerJoin('models', (join) =>
      join.onRef('models.tenant_id', '=', 'systems.tenant_id').onRef('models.id', '=', 'systems.model_id'),
    )
    .select([
      'systems.id',
      'systems.serial_number',
      'systems.system_group',
      'systems.site_id',
      'systems.model_id',
      'systems.nickname',
      'systems.ever_reported',
      sql<string | null>`to_char(systems.model_start_date, 'YYYYMMDD')`.as('model_start_day'),
      'sites.name as site_name',
      'models.name as model_name',
      localDayOfSite(systemJobsAggregate('min(jobs.started_at)')).as('first_day'),
      localDayOfSite(systemJobsAggregate('max(jobs.started_at)')).as('last_day'),
    ])
    .orderBy('systems.serial_number')
    .execute();
  const states = await systemStates(db, scope);

  return SYSTEM_GROUPS.flatMap((group): GroupFilterData[] => {
    const inGroup = systems.filter((system) => system.system_group === group);
    if (inGroup.length === 0) return [];
    const reports = inGroup.flatMap(({ first_day, last_day }) =>
      first_day === null || last_day === null ? [] : [{ first_day, last_day }],
    );
    const sites = new Map(inGroup.map((system) => [system.site_id, { id: system.site_id, name: system.site_name }]));
    const models = new Map(
      inGroup.map((system) => [
        `${system.site_id}/${system.model_id}`,
        { id: system.model_id, name: system.model_name, siteId: system.site_id },
      ]),
    );
    return [
      {
        systemGroup: group,
        startDate: reports.map((row) => row.first_day).sort()[0] ?? '',
        endDate:
          reports
            .map((row) => row.last_day)
            .sort()
            .at(-1) ?? '',
        activeSystems: activeSystemsLabel(
          states.filter((state) => state.systemGroup === group),
          texts,
        ),
        sites: [...sites.values()],
        models: [...models.values()],
        systems: inGroup.map((system) => ({
          id: system.id,
          name: system.serial_number,
          siteId: system.site_id,
          modelId: system.model_id,
          systemNickName: system.nickname,
          isEverReported: system.ever_reported,
          modelStartDate: system.model_start_day ?? '',
        })),
      },
    ];
  });
}

/**
 * The group's last update (getMaxKeepAlive): the latest last update of its systems in scope, in UTC and as the wall
 * time of the site of the system that sent it (ISO without offset). The header shows the UTC value in the user's zone.
 */
export async function maxKeepAlive(
  db: Kysely<Database>,
  scope: UserScope,
  group: SystemGroup,
): Promise<MaxKeepAliveResponse> {
  const latest = groupLastUpdate(await systemStates(db, scope, group));
  if (latest?.lastUpdate == null) return { maxKeepAliveValue: null, maxKeepAliveValueUtc: null };
  const wallClock = wallClockMs(Date.parse(latest.lastUpdate), latest.timeZone);
  return {
    maxKeepAliveValue: new Date(wallClock).toISOString().slice(0, 19),
    maxKeepAliveValueUtc: latest.lastUpdate,
  };
}
