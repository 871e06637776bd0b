import type { OeeFigures } from '../../../shared/api-types.ts';
import { fleetOee, fleetShiftAvailability, oee, type OeeInputs } from '../../../shared/kpi/index.ts';
import type { OeeCardFigures } from './kpi-comparisons.ts';
import type { ReportContext } from './report-context.ts';
import { loadOeeInputs, loadOeeInputsOfPeriods, type OeePeriodRead } from './oee-inputs.ts';

/** The OEE card's figures of some systems' inputs: each null where it cannot be computed. */
function cardFigures(inputs: readonly OeeInputs[]): OeeCardFigures {
  return fleetOee(inputs) ?? { oee: null, availability: fleetShiftAvailability(inputs), performance: null };
}

/**
 * OEE of the selected systems together in each of `periods` (a period and the one it is compared with, each read up to
 * its cut), in their order (docs/kpi-glossary.md "OEE"). Without planned time every figure is null; without an ideal
 * rate only OEE and Performance are, since Shift Availability does not need one.
 */
export async function fleetOeesOf<const Periods extends readonly OeePeriodRead[]>(
  context: ReportContext,
  periods: Periods,
): Promise<{ [Index in keyof Periods]: OeeCardFigures }> {
  const inputs = await loadOeeInputsOfPeriods(context.db, context.tenantId, context.systems, context.group, periods);
  // One figure set per period, in the periods' order.
  return inputs.map((bySystem) => cardFigures([...bySystem.values()])) as { [Index in keyof Periods]: OeeCardFigures };
}

/** OEE of each selected system in the period, by system id. */
export async function systemOees(context: ReportContext): Promise<Map<string, OeeFigures | null>> {
  const inputs = await loadOeeInputs(context.db, context.tenantId, context.systems, context.period, context.group);
  return new Map([...inputs].map(([systemId, systemInputs]) => [systemId, oee(systemInputs)]));
}
