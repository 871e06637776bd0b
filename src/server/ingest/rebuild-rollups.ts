import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { TouchedKeys } from './rollup-keys.ts';
import { recomputeRollups } from './rollups.sql.ts';
import { firstRecordTimes, keepPlannedHours } from './planned-hours.sql.ts';

/**
 * Rebuilds every rollup row of a tenant from its raw rows, in one transaction: for data written without the ingest
 * path (fixtures, imports, repairs), after a site changes time zone or a system's model start or end date changes
 * (OEE's planned time, planned-hours.sql.ts). Loads the tenant's rollup-feeding timestamps
 * into memory, so it suits the demo fleet and repairs, not a year of a large fleet in one call.
 */
export async function rebuildRollups(db: Kysely<Database>, tenantId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const systems = await trx
      .selectFrom('systems')
      .innerJoin('sites', (join) =>
        join.onRef('sites.tenant_id', '=', 'systems.tenant_id').onRef('sites.id', '=', 'systems.site_id'),
      )
      .where('systems.tenant_id', '=', tenantId)
      .select(['systems.id', 'sites.time_zone'])
      .execute();
    const timeZones = new Map(systems.map((system) => [system.id, system.time_zone]));
    const zoneOf = (systemId: string) => timeZones.get(systemId) ?? 'UTC';

    const tables = [
      'system_hour',
      'system_day',
      'job_day',
      'system_month',
      'job_month',
      'site_group_day',
      'site_group_hour',
    ] as const;
    for (const table of [...tables, 'planned_hour', 'planned_day', 'planned_spans'] as const) {
      await trx.deleteFrom(table).where('tenant_id', '=', tenantId).execute();
    }
    const touched = new TouchedKeys();
    const jobs = await trx
      .selectFrom('jobs')
      .select(['system_id', 'ended_at'])
      .where('tenant_id', '=', tenantId)
      .execute();
    for (const job of jobs) touched.addInstant(job.system_id, zoneOf(job.system_id), job.ended_at.getTime());
    const loads = await trx
      .selectFrom('ink_loads')
      .select(['system_id', 'loaded_at'])
      .where('tenant_id', '=', tenantId)
      .execute();
    for (const load of loads) touched.addInstant(load.system_id, zoneOf(load.system_id), load.loaded_at.getTime());
    const intervals = await trx
      .selectFrom('status_intervals')
      .select(['system_id', 'started_at', 'ended_at'])
      .where('tenant_id', '=', tenantId)
      .execute();
    for (const interval of intervals) {
      touched.addSpan(
        interval.system_id,
        zoneOf(interval.system_id),
        interval.started_at.getTime(),
        interval.ended_at.getTime(),
      );
    }
    await recomputeRollups(trx, tenantId, touched);
    const touchedHours = new Map<string, number[]>();
    for (const key of touched.hours) {
      touchedHours.set(key.systemId, [...(touchedHours.get(key.systemId) ?? []), key.hourStart.getTime()]);
    }
    const firstTimes = await firstRecordTimes(trx, tenantId);
    await keepPlannedHours(trx, tenantId, { firstTimes, touchedHours, calendarSystems: [...firstTimes.keys()] });
  });
}
