import { sql, type Kysely } from 'kysely';
import type { KpiCardData } from '../../shared/api-types.ts';
import type { SystemGroup } from '../../shared/system-group.ts';
import type { Database } from '../db/schema.ts';
import { scopedSystems, type UserScope } from '../users/current-user.ts';

export interface OverviewCardsQuery {
  scope: UserScope;
  group: SystemGroup;
  /** yyyy-MM-dd */
  day: string;
  /** Serial numbers to restrict to; empty means every system of the group in scope. */
  serialNumbers: readonly string[];
}

const DAY_MS = 86_400_000;

/** The UTC day a timestamp falls on, as text: the same expression in SELECT and GROUP BY, with no parameters. */
const utcDay = sql<string>`to_char(jobs.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/**
 * Total Production card: impressions of the jobs that started on `day`, against the day before.
 * Days are UTC days for now; site time zones arrive with the fleet-data issue (rollups per local day).
 * Reads raw jobs, which is fine for the demo fleet; reports move to the system_day rollup with the data platform.
 */
export async function totalProductionCard(db: Kysely<Database>, query: OverviewCardsQuery): Promise<KpiCardData> {
  const dayStart = Date.parse(`${query.day}T00:00:00Z`);
  const previousDay = new Date(dayStart - DAY_MS).toISOString().slice(0, 10);
  const systems = scopedSystems(db, query.scope)
    .where('systems.system_group', '=', query.group)
    .$if(query.serialNumbers.length > 0, (qb) => qb.where('systems.serial_number', 'in', [...query.serialNumbers]))
    .select('systems.id');

  const rows = await db
    .selectFrom('jobs')
    .where('jobs.tenant_id', '=', query.scope.tenantId)
    .where('jobs.system_id', 'in', systems)
    .where('jobs.started_at', '>=', new Date(dayStart - DAY_MS))
    .where('jobs.started_at', '<', new Date(dayStart + DAY_MS))
    .select([utcDay.as('day'), (eb) => eb.fn.sum<string>('jobs.impressions').as('impressions')])
    .groupBy(utcDay)
    .execute();

  const total = (day: string) => Number(rows.find((row) => row.day === day)?.impressions ?? 0);
  const current = total(query.day);
  const previous = total(previousDay);
  return {
    value: current,
    units: 'imp',
    stats: previous === 0 ? null : (current - previous) / previous,
    statsDescription: 'From previous day',
  };
}
