import { sql, type Kysely } from 'kysely';
import type { CurrentStateResponse, PortalPrinterStatus, ReportSystem } from '../../shared/api-types.ts';
import type { SystemGroup } from '../../shared/system-group.ts';
import type { Database } from '../db/schema.ts';
import { MAX_STATUS_INTERVAL_HOURS, STATUSES } from '../ingest/measures.ts';
import { scopedSystems, type UserScope } from '../users/current-user.ts';
import { systemJobsAggregate } from './scope.ts';
import { textsOf, type LanguageTexts } from '../i18n/server-texts.ts';

/**
 * One definition of a system's last update and status, and of the group's last update and active systems, for the
 * header, /api/reports/systems, current-state, getMaxKeepAlive and Systems Analysis (docs/kpi-glossary.md "Last update
 * and active systems").
 */

/**
 * How long a system may be silent before the group's last update and still count as reporting. A printer that keeps
 * one status sends that interval only when it closes, at most MAX_STATUS_INTERVAL_HOURS later (the ingest rule), so a
 * shorter silence does not show it stopped.
 */
export const REPORTING_WINDOW_MS = MAX_STATUS_INTERVAL_HOURS * 3_600_000;

/**
 * The last update of the outer query's `systems` row: the latest time a record shows the printer reporting. Ingest
 * keeps it in systems.last_reported_at (Not Reporting intervals excluded); the latest job end is taken as well because
 * jobs may be stored without ingest (the test fixtures do). One index probe each.
 */
export function systemLastUpdate() {
  return sql<Date | string | null>`greatest(systems.last_reported_at, ${systemJobsAggregate('max(jobs.ended_at)')})`;
}

/** A system's latest status interval, if it sent any. */
export interface LatestStatus {
  status: PortalPrinterStatus;
  startedAt: number;
}

/**
 * A system's status: Not Reporting when it never reported, never sent a status, its latest status interval is Not
 * Reporting, or its last update is more than REPORTING_WINDOW_MS before the group's; otherwise its latest status.
 * A system is active exactly when this is not Not Reporting.
 */
export function printerStatusOf(
  latest: LatestStatus | null,
  lastUpdate: number | null,
  groupLastUpdate: number | null,
): PortalPrinterStatus {
  if (latest === null || lastUpdate === null || groupLastUpdate === null) return 'NotReporting';
  if (lastUpdate < groupLastUpdate - REPORTING_WINDOW_MS) return 'NotReporting';
  return latest.status;
}

/** A system of the user's scope with its last update and status, as every state call shows them. */
export interface SystemState {
  id: string;
  serialNumber: string;
  nickname: string | null;
  modelName: string;
  systemGroup: SystemGroup;
  timeZone: string;
  /** ISO UTC; null when the system never reported. */
  lastUpdate: string | null;
  printerStatus: PortalPrinterStatus;
  /** Start of the current status; for Not Reporting its last update (null when it never reported). */
  since: string | null;
}

function toTime(value: Date | string | null): number | null {
  return value === null ? null : new Date(value).getTime();
}

function toIso(time: number | null): string | null {
  return time === null ? null : new Date(time).toISOString();
}

/** The systems in scope (of one group, or all), ordered by serial number, with last update and status. */
export async function systemStates(
  db: Kysely<Database>,
  scope: UserScope,
  group?: SystemGroup,
): Promise<SystemState[]> {
  const rows = await scopedSystems(db, scope)
    .$if(group !== undefined, (qb) => qb.where('systems.system_group', '=', group as SystemGroup))
    .innerJoin('models', (join) =>
      join.onRef('models.tenant_id', '=', 'systems.tenant_id').onRef('models.id', '=', 'systems.model_id'),
    )
    .innerJoin('sites', (join) =>
      join.onRef('sites.tenant_id', '=', 'systems.tenant_id').onRef('sites.id', '=', 'systems.site_id'),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('status_intervals')
          .whereRef('status_intervals.tenant_id', '=', 'systems.tenant_id')
          .whereRef('status_intervals.system_id', '=', 'systems.id')
          .select(['status_intervals.status', 'status_intervals.started_at'])
          .orderBy('status_intervals.started_at', 'desc')
          .orderBy('status_intervals.ended_at', 'desc')
          .limit(1)
          .as('latest'),
      (join) => join.onTrue(),
    )
    .select([
      'systems.id',
      'systems.serial_number',
      'systems.nickname',
      'systems.system_group',
      'models.name as model_name',
      'sites.time_zone',
      'latest.status',
      'latest.started_at as status_started_at',
      systemLastUpdate().as('last_update'),
    ])
    .orderBy('systems.serial_number')
    .execute();

  const groupLastUpdates = new Map<SystemGroup, number>();
  for (const row of rows) {
    const time = toTime(row.last_update);
    const known = groupLastUpdates.get(row.system_group);
    if (time !== null && (known === undefined || time > known)) groupLastUpdates.set(row.system_group, time);
  }
  return rows.map((row) => {
    const lastUpdate = toTime(row.last_update);
    const latest =
      row.status === null || row.status_started_at === null
        ? null
        : { status: row.status, startedAt: new Date(row.status_started_at).getTime() };
    const printerStatus = printerStatusOf(latest, lastUpdate, groupLastUpdates.get(row.system_group) ?? null);
    return {
      id: row.id,
      serialNumber: row.serial_number,
      nickname: row.nickname,
      modelName: row.model_name,
      systemGroup: row.system_group,
      timeZone: row.time_zone,
      lastUpdate: toIso(lastUpdate),
      printerStatus,
      since: printerStatus === 'NotReporting' || latest === null ? toIso(lastUpdate) : toIso(latest.startedAt),
    };
  });
}

/** The group's last update: the latest last update of its systems (null when none reported). */
export function groupLastUpdate(states: readonly SystemState[]): SystemState | null {
  let latest: SystemState | null = null;
  for (const state of states) {
    if (state.lastUpdate !== null && (latest?.lastUpdate == null || state.lastUpdate > latest.lastUpdate)) {
      latest = state;
    }
  }
  return latest;
}

/** The header's active-systems text in the user's language: '<systems not Not Reporting> of <systems>'. */
export function activeSystemsLabel(states: readonly SystemState[], { t }: LanguageTexts = textsOf()): string {
  const active = states.filter((state) => state.printerStatus !== 'NotReporting').length;
  return t('reportAnswers.activeSystems', { active, total: states.length });
}

/** GET /api/reports/systems: each system of the group in scope with its status and last update. */
export async function reportSystems(
  db: Kysely<Database>,
  scope: UserScope,
  group: SystemGroup,
): Promise<ReportSystem[]> {
  const states = await systemStates(db, scope, group);
  return states.map((state) => ({
    serialNumber: state.serialNumber,
    systemNickName: state.nickname,
    systemModel: state.modelName,
    printerStatus: state.printerStatus,
    lastUpdate: state.lastUpdate,
  }));
}

/** GET /api/reports/current-state: each system's status and since when, and how many systems are in each status. */
export async function currentState(
  db: Kysely<Database>,
  scope: UserScope,
  group: SystemGroup,
): Promise<CurrentStateResponse> {
  const states = await systemStates(db, scope, group);
  const counts = Object.fromEntries(STATUSES.map((status) => [status.name, 0])) as Record<PortalPrinterStatus, number>;
  for (const state of states) counts[state.printerStatus] += 1;
  return {
    systemGroup: group,
    systems: states.map((state) => ({
      serialNumber: state.serialNumber,
      status: state.printerStatus,
      since: state.since,
    })),
    counts,
  };
}
