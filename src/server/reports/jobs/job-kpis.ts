import type {
  JobBottlesLoadedKpis,
  JobCycleTimeKpis,
  JobInkConsumptionKpis,
  JobKpiTrend,
  JobPrintTimeKpis,
  JobTotalImpressions,
} from '../../../shared/contract/jobs.contract.ts';
import {
  averageProcessSeconds,
  cycleTimePerImpression,
  inkMillilitres,
  inkPerUnit,
  jobProduction,
  printTimePerUnit,
} from '../../../shared/kpi/jobs.ts';
import { bucketsOf, granularityOf, type Bucket } from './job-buckets.ts';
import { compared, perUnit } from './job-cards.ts';
import { loadJobMeasures, loadJobTotals, noJobs, type JobFilter, type JobMeasures } from './job-measures.ts';
import { jobsHeader, type JobsContext } from './jobs-context.ts';

/** The measures a KPI call reads: per bucket of the period, the period's total and the previous period's. */
interface KpiInputs {
  buckets: Bucket[];
  byBucket: Map<string, JobMeasures>;
  now: JobMeasures;
  before: JobMeasures;
}

async function loadKpiInputs(context: JobsContext, filter: JobFilter): Promise<KpiInputs> {
  const granularity = granularityOf(context.period);
  const zones = [...new Set(context.systems.map((system) => system.timeZone))];
  return {
    buckets: bucketsOf(context.period, granularity, zones),
    byBucket: await loadJobMeasures(context, context.period, granularity, filter),
    now: await loadJobTotals(context, context.period, context.cuts.current, filter),
    before: await loadJobTotals(context, context.previousPeriod, context.cuts.previous, filter),
  };
}

function trendOf(
  context: JobsContext,
  inputs: KpiInputs,
  valueOf: (measures: JobMeasures) => number,
  units: JobKpiTrend['units'],
): JobKpiTrend {
  const granularity = granularityOf(context.period);
  return {
    value: valueOf(inputs.now),
    ...compared(valueOf(inputs.now), valueOf(inputs.before)),
    units,
    records: inputs.buckets.map((bucket) => ({
      ...bucket,
      granularity,
      value: valueOf(inputs.byBucket.get(bucket.date) ?? noJobs()),
    })),
  };
}

const header = (context: JobsContext) => ({ ...jobsHeader(context), granularity: granularityOf(context.period) });

/** total-impressions: production (impressions, or metres of film for DTF) per bucket. */
export async function totalImpressions(context: JobsContext, filter: JobFilter): Promise<JobTotalImpressions> {
  const inputs = await loadKpiInputs(context, filter);
  const units = context.group === 'DTF' ? 'm' : 'imp';
  return {
    ...header(context),
    totalImpressions: trendOf(context, inputs, (m) => jobProduction(m, context.group), units),
  };
}

/** print-time-KPIs: printing time (job durations) per bucket, and per unit. */
export async function printTimeKpis(context: JobsContext, filter: JobFilter): Promise<JobPrintTimeKpis> {
  const inputs = await loadKpiInputs(context, filter);
  const perUnitValue = (m: JobMeasures) => printTimePerUnit(m, context.group);
  return {
    ...header(context),
    totalPrintingTime: trendOf(context, inputs, (m) => m.printSeconds, 's'),
    printTimePerUnitResponse: {
      value: perUnitValue(inputs.now),
      units: perUnit('s', context.group),
      ...compared(perUnitValue(inputs.now), perUnitValue(inputs.before)),
    },
  };
}

/** cycle-time-KPIs (Apollo): seconds per impression per bucket, and the average seconds per job. */
export async function cycleTimeKpis(context: JobsContext, filter: JobFilter): Promise<JobCycleTimeKpis> {
  const inputs = await loadKpiInputs(context, filter);
  return {
    ...header(context),
    cycleTimePerImpressionResponse: trendOf(context, inputs, cycleTimePerImpression, 's/imp'),
    averageProcessTimeResponse: {
      averageProcessTimeSeconds: averageProcessSeconds(inputs.now),
      ...compared(averageProcessSeconds(inputs.now), averageProcessSeconds(inputs.before)),
    },
  };
}

/** ink-consumption-KPIs: ink (ml) per bucket, and per unit. */
export async function inkConsumptionKpis(context: JobsContext, filter: JobFilter): Promise<JobInkConsumptionKpis> {
  const inputs = await loadKpiInputs(context, filter);
  const perUnitValue = (m: JobMeasures) => inkPerUnit(m, context.group);
  return {
    ...header(context),
    totalInkConsumption: trendOf(context, inputs, (m) => inkMillilitres(m.inkUl), 'ml'),
    inkConsumptionPerUnitResponse: {
      value: perUnitValue(inputs.now),
      units: perUnit('ml', context.group),
      ...compared(perUnitValue(inputs.now), perUnitValue(inputs.before)),
    },
  };
}

/** total-bottles-loaded-KPIs: ink bottles loaded per bucket (a bottle has no size or print mode: never filtered). */
export async function bottlesLoadedKpis(context: JobsContext): Promise<JobBottlesLoadedKpis> {
  const inputs = await loadKpiInputs(context, null);
  return { ...header(context), bottlesLoaded: trendOf(context, inputs, (m) => m.bottlesLoaded, 'bottles') };
}
