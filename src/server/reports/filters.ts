import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { GroupFilterData, MaxKeepAliveResponse } from '../../shared/api-types.ts';
import { SYSTEM_GROUPS, type SystemGroup } from '../../shared/system-group.ts';
import type { Database } from '../db/schema.ts';
import { scopedSystems, type UserScope } from '../users/current-user.ts';
import { systemJobsAggregate } from './scope.ts';

/** yyyyMMdd of a time in the time zone of the outer query's `sites` row. */
function localDayOfSite(time: RawBuilder<Date | string | null>) {
  return sql<string | null>`to_char(${time} AT TIME ZONE sites.time_zone, 'YYYYMMDD')`;
}

/** A printer counts as active when it reported within this window before the group's latest report. */
const ACTIVE_WINDOW_MS = 24 * 3_600_000;

/**
 * Filter data of every group the user has systems in (spec reports §3 "Filter data per group"), in DTG, DTF, Apollo order:
 * available dates (yyyyMMdd, in each site's time zone), the active-systems label and the site/model/system tree.
 */
export async function groupFilterData(db: Kysely<Database>, scope: UserScope): Promise<GroupFilterData[]> {
  // Per system its first and last local day of job starts and its last job end (null without jobs), each one index probe.
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
      'sites.name as site_name',
      'models.name as model_name',
      localDayOfSite(systemJobsAggregate('min(jobs.started_at)')).as('first_day'),
      localDayOfSite(systemJobsAggregate('max(jobs.started_at)')).as('last_day'),
      systemJobsAggregate('max(jobs.ended_at)').as('last_end'),
    ])
    .orderBy('systems.serial_number')
    .execute();

  return SYSTEM_GROUPS.flatMap((group): GroupFilterData[] => {
    const inGroup = systems.filter((system) => system.system_group === group);
    if (inGroup.length === 0) return [];
    const reports = inGroup.flatMap(({ first_day, last_day, last_end }) =>
      first_day === null || last_day === null || last_end === null ? [] : [{ first_day, last_day, last_end }],
    );
    const lastEnd = Math.max(...reports.map((row) => new Date(row.last_end).getTime()));
    const active = reports.filter((row) => new Date(row.last_end).getTime() > lastEnd - ACTIVE_WINDOW_MS).length;
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
        activeSystems: `${active} of ${inGroup.length}`,
        sites: [...sites.values()],
        models: [...models.values()],
        systems: inGroup.map((system) => ({
          id: system.id,
          name: system.serial_number,
          siteId: system.site_id,
          modelId: system.model_id,
          systemNickName: system.nickname,
          isEverReported: system.ever_reported,
        })),
      },
    ];
  });
}

/**
 * The group's last telemetry: the latest job end of its systems in scope, in UTC and in the local time of the group's first
 * site (ISO without offset, as the header shows it). Job ends stand in for keep-alive messages until telemetry exists.
 */
export async function maxKeepAlive(
  db: Kysely<Database>,
  scope: UserScope,
  group: SystemGroup,
): Promise<MaxKeepAliveResponse> {
  const groupSystems = scopedSystems(db, scope).where('systems.system_group', '=', group);
  const site = await db
    .selectFrom('sites')
    .where('sites.tenant_id', '=', scope.tenantId)
    .where('sites.id', 'in', groupSystems.select('systems.site_id'))
    .select('sites.time_zone')
    .orderBy('sites.id')
    .executeTakeFirst();
  if (site === undefined) return { maxKeepAliveValue: null, maxKeepAliveValueUtc: null };

  // The latest of the per-system latest ends: one index probe per system instead of reading the group's jobs.
  const row = await db
    .selectFrom(groupSystems.select(systemJobsAggregate('max(jobs.ended_at)').as('last_end')).as('per_system'))
    .select([
      sql<Date | string | null>`max(per_system.last_end)`.as('last_end'),
      sql<
        string | null
      >`to_char(max(per_system.last_end) AT TIME ZONE ${site.time_zone}, 'YYYY-MM-DD"T"HH24:MI:SS')`.as(
        'last_end_local',
      ),
    ])
    .executeTakeFirst();
  const lastEnd = row?.last_end ?? null;
  return {
    maxKeepAliveValue: row?.last_end_local ?? null,
    maxKeepAliveValueUtc: lastEnd === null ? null : new Date(lastEnd).toISOString(),
  };
}
