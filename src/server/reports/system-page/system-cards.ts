import type { KpiUnit } from '../../../shared/api-types.ts';
import type { SystemKpi, SystemPageCards } from '../../../shared/contract/system-page.contract.ts';
import {
  availability,
  errorShare,
  maintenanceShare,
  production,
  productionRate,
  productivity,
  reportedSeconds,
  type KpiMeasures,
} from '../../../shared/kpi/index.ts';
import { printerImageOf } from '../../../shared/printer-images.ts';
import { comparedUntilOfContext, loadRowPair } from '../common/report-context.ts';
import { compare, productionUnit, rateUnit, totalOf } from '../common/kpi-comparisons.ts';
import { loadMeasures, selectedSystems } from '../common/measure-rows.ts';
import { systemStates } from '../system-state.ts';
import { softwareVersions } from '../systems/system-data.ts';
import { periodAchievement } from './system-achievement.ts';
import { systemHeader, type SystemPageContext } from './system-page-context.ts';

/**
 * The system page's cards (spec reports §3 "System page cards"): the system's KPIs of the period against the same
 * period a week earlier (the Overview's previous period of a day or a week) and against the fleet — every system of the group in the user's scope, its measures added up
 * (docs/kpi-glossary.md "How the numbers are computed"); production against the fleet's production per system.
 */

interface CardInputs {
  current: KpiMeasures;
  lastWeek: KpiMeasures;
  fleet: KpiMeasures;
  fleetSystems: number;
}

/**
 * A KPI of the system against last week and the fleet. `perSystem`: the fleet's value is divided by its systems.
 * `availability`: no change when either side is −1 (not reported).
 */
function systemKpi(
  inputs: CardInputs,
  formula: (m: KpiMeasures) => number,
  units: KpiUnit,
  options: { perSystem?: boolean; availability?: boolean } = {},
): SystemKpi {
  const value = formula(inputs.current);
  const fleetValue = formula(inputs.fleet) / (options.perSystem === true ? Math.max(1, inputs.fleetSystems) : 1);
  const notReported = (other: number) => options.availability === true && (value < 0 || other < 0);
  const lastWeek = formula(inputs.lastWeek);
  return {
    value,
    units,
    againstLastWeek: compare(value, lastWeek, units, notReported(lastWeek)),
    againstFleet: compare(value, fleetValue, units, notReported(fleetValue)),
  };
}

/** The system's model start and end dates, yyyy-MM-dd. */
async function modelDatesOf(context: SystemPageContext) {
  return context.db
    .selectFrom('systems')
    .where('systems.tenant_id', '=', context.tenantId)
    .where('systems.id', '=', context.system.id)
    .select((eb) => [
      eb.cast<string | null>('systems.model_start_date', 'text').as('start'),
      eb.cast<string | null>('systems.model_end_date', 'text').as('end'),
    ])
    .executeTakeFirstOrThrow();
}

/** GET /api/system-page-report/cards */
export async function systemCards(context: SystemPageContext): Promise<SystemPageCards> {
  const { group, period, cuts } = context;
  const fleetSystems = await selectedSystems(context.db, context.scope, group, []);
  // While the period is in progress, last week and the fleet are read up to the same local time as the system.
  const pair = await loadRowPair(context);
  const inputs: CardInputs = {
    current: totalOf(pair.current),
    lastWeek: totalOf(pair.previous),
    fleet: totalOf(await loadMeasures(context.db, context.tenantId, fleetSystems, period, {}, cuts.current)),
    fleetSystems: fleetSystems.length,
  };
  const state = (await systemStates(context.db, context.scope, group)).find(
    (candidate) => candidate.serialNumber === context.system.serialNumber,
  );
  const software = await softwareVersions(context, context.system.serialNumber);
  const model = await modelDatesOf(context);
  const { current } = inputs;
  return {
    ...systemHeader(context),
    lastWeekPeriod: context.previousPeriod,
    comparedUntil: comparedUntilOfContext(context),
    systemModel: software.appName,
    modelStartDate: model.start,
    modelEndDate: model.end,
    printerImage: printerImageOf(group),
    lastStatus: state?.printerStatus ?? 'NotReporting',
    lastUpdate: state?.lastUpdate ?? null,
    lastSoftwareUpdate: software.globalSoftwareLastUpdate,
    appVersion: software.globalSoftwareVersion,
    achievement: await periodAchievement(context),
    production: systemKpi(inputs, (m) => production(m, group), productionUnit(group), { perSystem: true }),
    productionRate: systemKpi(inputs, (m) => productionRate(m, group), rateUnit(group)),
    availability: systemKpi(inputs, availability, '%', { availability: true }),
    productivity: group === 'DTF' ? null : systemKpi(inputs, productivity, 'imp/h'),
    errorDuration: current.errorSeconds,
    errorPercentage: errorShare(current),
    maintenanceDuration: current.maintenanceSeconds,
    maintenancePercentage: maintenanceShare(current),
    isNotReportingPeriod: reportedSeconds(current) === 0,
    availabilityTotalDurationReported: reportedSeconds(current),
  };
}
