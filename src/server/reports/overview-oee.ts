import type { OeeFigures, ReportPeriod } from '../../shared/api-types.ts';
import { fleetOee, oee, type Oee } from '../../shared/kpi/index.ts';
import type { OverviewContext } from './overview-context.ts';
import { loadOeeInputs } from './oee-measures.ts';

/** OEE of the selected systems together in `period` (docs/kpi-glossary.md "OEE"); null where it cannot be computed. */
export async function fleetOeeOf(context: OverviewContext, period: ReportPeriod): Promise<Oee | null> {
  const inputs = await loadOeeInputs(context.db, context.tenantId, context.systems, period, context.group);
  return fleetOee([...inputs.values()]);
}

/** OEE of each selected system in the period, by system id. */
export async function systemOees(context: OverviewContext): Promise<Map<string, OeeFigures | null>> {
  const inputs = await loadOeeInputs(context.db, context.tenantId, context.systems, context.period, context.group);
  return new Map([...inputs].map(([systemId, systemInputs]) => [systemId, oee(systemInputs)]));
}
