import type { OeeFigures, ReportPeriod } from '../../../shared/api-types.ts';
import { fleetOee, fleetShiftAvailability, oee } from '../../../shared/kpi/index.ts';
import type { ReportContext } from './report-context.ts';
import { loadOeeInputs } from './oee-inputs.ts';
import type { ReadUntil } from './period-progress.ts';

/** What the OEE card shows of one period: each figure null (shown '--') where it cannot be computed. */
export type OeeCardFigures = Record<'oee' | 'availability' | 'performance', number | null>;

/**
 * OEE of the selected systems together in `period`, read up to `until` (docs/kpi-glossary.md "OEE"). Without planned
 * time every figure is null; without an ideal rate only OEE and Performance are, since Shift Availability does not
 * need one.
 */
export async function fleetOeeOf(
  context: ReportContext,
  period: ReportPeriod,
  until: ReadUntil,
): Promise<OeeCardFigures> {
  const inputs = [
    ...(await loadOeeInputs(context.db, context.tenantId, context.systems, period, context.group, until)).values(),
  ];
  return fleetOee(inputs) ?? { oee: null, availability: fleetShiftAvailability(inputs), performance: null };
}

/** OEE of each selected system in the period, by system id. */
export async function systemOees(context: ReportContext): Promise<Map<string, OeeFigures | null>> {
  const inputs = await loadOeeInputs(context.db, context.tenantId, context.systems, context.period, context.group);
  return new Map([...inputs].map(([systemId, systemInputs]) => [systemId, oee(systemInputs)]));
}
