import type { Kysely } from 'kysely';
import type {
  SoftwareVersionsResponse,
  SystemsAnalysisResponse,
  SystemsNameResponse,
} from '../../../shared/api-types.ts';
import { availability, emptyMeasures, production, productionRate } from '../../../shared/kpi/index.ts';
import type { SystemGroup } from '../../../shared/system-group.ts';
import { localTimeToInstant } from '../../../shared/time/local-time.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http-errors.ts';
import { scopedSystems, type UserScope } from '../../users/current-user.ts';
import { loadRows, periodsOf, type ReportContext } from '../common/report-context.ts';
import { systemOees } from '../common/fleet-oee.ts';
import { reportSystems } from '../system-state.ts';

/** Systems Analysis and the system page's small calls: nicknames, per-system figures, software versions. */

const NOT_IN_SCOPE = 'Cannot find a system with this serial number in your scope';

/** GET /api/system-data/systems-name: the nickname of every system in scope (of one group when given). */
export async function systemNicknames(
  db: Kysely<Database>,
  scope: UserScope,
  group: SystemGroup | undefined,
): Promise<SystemsNameResponse> {
  const rows = await scopedSystems(db, scope)
    .$if(group !== undefined, (qb) => qb.where('systems.system_group', '=', group as SystemGroup))
    .select(['systems.serial_number', 'systems.nickname'])
    .orderBy('systems.serial_number')
    .execute();
  return { nicknameResponse: rows.map((row) => ({ serialNumber: row.serial_number, nickName: row.nickname })) };
}

/**
 * POST /api/system-data/system-name: sets the nickname of a system in scope (trimmed; empty clears it).
 * 404 when no system in scope has the serial number (one outside the scope and one that does not exist look alike).
 */
export async function renameSystem(
  db: Kysely<Database>,
  scope: UserScope,
  serialNumber: string,
  nickName: string,
): Promise<{ nickName: string | null }> {
  const nickname = nickName.trim() === '' ? null : nickName.trim();
  const result = await db
    .updateTable('systems')
    .set({ nickname })
    .where('systems.tenant_id', '=', scope.tenantId)
    .where('systems.serial_number', '=', serialNumber)
    .where('systems.id', 'in', scopedSystems(db, scope).select('systems.id'))
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw new HttpError(404, NOT_IN_SCOPE);
  return { nickName: nickname };
}

/**
 * GET /api/system-data/systems-analysis: each system of the group in scope with its status and last update (as
 * GET /api/reports/systems gives them) and its production, speed (production rate), availability and OEE (our
 * addition) in the period.
 */
export async function systemsAnalysis(context: ReportContext, scope: UserScope): Promise<SystemsAnalysisResponse> {
  const states = await reportSystems(context.db, scope, context.group);
  const rows = await loadRows(context, { system: true });
  const measuresOf = new Map(rows.map((row) => [row.systemId, row.measures]));
  const oees = await systemOees(context);
  return {
    ...periodsOf(context),
    systems: context.systems.flatMap((system) => {
      const state = states.find((candidate) => candidate.serialNumber === system.serialNumber);
      if (state === undefined) return [];
      const measures = measuresOf.get(system.id) ?? emptyMeasures();
      return [
        {
          ...state,
          production: production(measures, context.group),
          speed: productionRate(measures, context.group),
          availability: availability(measures),
          oee: oees.get(system.id) ?? null,
          isEverReported: system.everReported,
        },
      ];
    }),
  };
}

/**
 * GET /api/system-page-report/software-versions: the latest version of each component the system reported up to the
 * end of the period (in its site's time zone). 404 when the system is not in scope or not of the group.
 */
export async function softwareVersions(
  context: ReportContext,
  serialNumber: string,
): Promise<SoftwareVersionsResponse> {
  const system = context.systems.find((candidate) => candidate.serialNumber === serialNumber);
  if (system === undefined) throw new HttpError(404, NOT_IN_SCOPE);
  const { endDay, endHour } = context.period;
  const end = new Date(localTimeToInstant(endDay, (endHour + 1) * 60, system.timeZone));
  const model = await context.db
    .selectFrom('systems')
    .innerJoin('models', (join) =>
      join.onRef('models.tenant_id', '=', 'systems.tenant_id').onRef('models.id', '=', 'systems.model_id'),
    )
    .where('systems.tenant_id', '=', context.tenantId)
    .where('systems.id', '=', system.id)
    .select('models.name')
    .executeTakeFirstOrThrow();
  const versions = await context.db
    .selectFrom('software_versions')
    .where('tenant_id', '=', context.tenantId)
    .where('system_id', '=', system.id)
    .where('reported_at', '<', end)
    .distinctOn('component')
    .select(['component', 'version', 'reported_at'])
    .orderBy('component')
    .orderBy('reported_at', 'desc')
    .execute();
  const componentVersions = versions.map((row) => ({
    component: row.component,
    version: row.version,
    reportedAt: row.reported_at.toISOString(),
  }));
  const latest = componentVersions.toSorted((a, b) => b.reportedAt.localeCompare(a.reportedAt))[0];
  return {
    systemSerialGk: system.serialNumber,
    appName: model.name,
    componentVersions,
    globalSoftwareLastUpdate: latest?.reportedAt ?? null,
    globalSoftwareVersion: latest?.version ?? null,
  };
}
