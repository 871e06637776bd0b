import { INK_CHART_COLOURS, type JobGraphs } from '../../../shared/contract/jobs.contract.ts';
import { inkMillilitres } from '../../../shared/kpi/jobs.ts';
import { roundPercentagesTo100 } from '../../../shared/kpi/percentages.ts';
import type { InkColour } from '../../ingest/measures.ts';
import { bucketsOf, granularityOf } from './job-buckets.ts';
import { compared } from './job-cards.ts';
import { loadJobMeasures, loadJobTotals, noJobs, type JobMeasures } from './job-measures.ts';
import { jobsHeader, type JobsContext } from './jobs-context.ts';

type ChartColour = (typeof INK_CHART_COLOURS)[number];

/** The stored ink colours each chart colour adds up; Total is all of them (spec reports §3). */
export const COLOUR_PARTS: Record<ChartColour, readonly InkColour[]> = {
  Total: ['cyan', 'magenta', 'yellow', 'black', 'white', 'fof', 'softener'],
  Color: ['cyan', 'magenta', 'yellow'],
  black: ['black'],
  white: ['white'],
  FOF: ['fof'],
  Softener: ['softener'],
};

function colourMl(measures: JobMeasures, colour: ChartColour): number {
  return inkMillilitres(COLOUR_PARTS[colour].reduce((sum, part) => sum + measures.inkPerColourUl[part], 0));
}

/** graphs: ink per bucket and colour, colour shares of the period, and colours against the previous period. */
export async function jobGraphs(context: JobsContext): Promise<JobGraphs> {
  const granularity = granularityOf(context.period);
  const byBucket = await loadJobMeasures(context, context.period, granularity, null);
  const now = await loadJobTotals(context, context.period, context.cuts.current, null);
  const before = await loadJobTotals(context, context.previousPeriod, context.cuts.previous, null);
  // "Null colours are dropped": a colour no selected system used in the period is not listed; Total always is.
  const colours = INK_CHART_COLOURS.filter((colour) => colour === 'Total' || colourMl(now, colour) > 0);
  const shown = colours.filter((colour) => colour !== 'Total');
  const percents = roundPercentagesTo100(shown.map((colour) => colourMl(now, colour)));
  const zones = [...new Set(context.systems.map((system) => system.timeZone))];
  return {
    ...jobsHeader(context),
    granularity,
    inkConsumptionTrendResponse: bucketsOf(context.period, granularity, zones).map((bucket) => {
      const measures = byBucket.get(bucket.date) ?? noJobs();
      return {
        ...bucket,
        granularity,
        colors: colours.map((colour) => ({ colorName: colour, colorValue: colourMl(measures, colour) })),
      };
    }),
    colorConsumptionResponse: shown.map((colour, index) => ({
      colorName: colour,
      colorValue: colourMl(now, colour),
      percent: percents[index] ?? 0,
    })),
    colorComparisonResponse: colours.map((colour) => ({
      colorName: colour,
      colorValue: colourMl(now, colour),
      ...compared(colourMl(now, colour), colourMl(before, colour)),
    })),
  };
}
