import type {
  JobDataPerUnitCards,
  JobsFilteredQuery,
  JobTotalDataCards,
} from '../../../shared/contract/jobs.contract.ts';
import { inkPerUnit, jobProduction, printTimePerUnit } from '../../../shared/kpi/jobs.ts';
import { change } from '../../../shared/kpi/trend.ts';
import type { SystemGroup } from '../../../shared/system-group.ts';
import { loadJobTotals, type JobFilter, type JobMeasures } from './job-measures.ts';
import { jobsHeader, type JobsContext } from './jobs-context.ts';

/** The value, its previous value and the fractional change between them. */
export function compared(value: number, previous: number): { previous: number; stats: number | null } {
  return { previous, stats: change(value, previous) };
}

/** The job summary's selection of a filtered call: the group's own filter, none when it is empty or absent. */
export function filterOf(group: SystemGroup, query: JobsFilteredQuery): JobFilter {
  if (group === 'DTF') {
    const modes = query['dtfFilterParameters.printModes'] ?? [];
    return modes.length > 0 ? { printModes: modes } : null;
  }
  const sizes = (group === 'DTG' ? query['dtgFilterParameters.sizes'] : query['apolloFilterParameters.sizes']) ?? [];
  return sizes.length > 0 ? { sizes } : null;
}

/** Units of a per-unit figure: per impression, or per metre of film for DTF. */
export const perUnit = <Quantity extends 's' | 'ml'>(quantity: Quantity, group: SystemGroup) =>
  `${quantity}/${group === 'DTF' ? 'm' : 'imp'}` as const;

/** total-data-cards: printing time, production and bottles loaded against the previous period. */
export async function totalDataCards(context: JobsContext): Promise<JobTotalDataCards> {
  const now = await loadJobTotals(context, context.period, context.cuts.current, null);
  const before = await loadJobTotals(context, context.previousPeriod, context.cuts.previous, null);
  const production = (measures: JobMeasures) => jobProduction(measures, context.group);
  return {
    ...jobsHeader(context),
    totalPrintingTimeResponse: {
      totalPrintingTimeSeconds: now.printSeconds,
      ...compared(now.printSeconds, before.printSeconds),
    },
    totalProductionResponse: {
      totalProduction: production(now),
      units: context.group === 'DTF' ? 'm' : 'imp',
      ...compared(production(now), production(before)),
    },
    bottlesLoadedResponse: {
      bottlesLoaded: now.bottlesLoaded,
      ...compared(now.bottlesLoaded, before.bottlesLoaded),
    },
  };
}

/** data-per-unit-cards: print time and ink per unit of the selected sizes or print modes; DTF's widest film. */
export async function dataPerUnitCards(context: JobsContext, filter: JobFilter): Promise<JobDataPerUnitCards> {
  const now = await loadJobTotals(context, context.period, context.cuts.current, filter, 'jobDay');
  const before = await loadJobTotals(context, context.previousPeriod, context.cuts.previous, filter, 'jobDay');
  const { group } = context;
  const time = (measures: JobMeasures) => printTimePerUnit(measures, group);
  const ink = (measures: JobMeasures) => inkPerUnit(measures, group);
  return {
    ...jobsHeader(context),
    printTimePerUnitResponse: { value: time(now), units: perUnit('s', group), ...compared(time(now), time(before)) },
    inkConsumptionPerUnitResponse: { value: ink(now), units: perUnit('ml', group), ...compared(ink(now), ink(before)) },
    mediaWidthResponse: {
      widestMediaWidthMm: group === 'DTF' && now.widestMediaWidthMm > 0 ? now.widestMediaWidthMm : null,
    },
  };
}
