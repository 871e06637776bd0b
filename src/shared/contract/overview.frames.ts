import type { AnswerOf } from './answer-schemas.ts';
import { frame, type AnswerFrames, type Series, type SeriesFrame } from './frames.ts';
import { cardKpi } from './report.frames.ts';

/** The KPI frames of the Overview's card answers (spec reports §2 Overview, §3 Card data), named as their cards. */

type Cards = AnswerOf<'OverviewCards'>;

/** The top cards; 'Average …' reads 'Current …' while the period holds the last update. */
export const OVERVIEW_CARDS_FRAMES = {
  /** Impressions (DTG, Apollo) or metres of film (DTF) of the period. */
  totalProduction: frame('kpi', (answer: Cards) => cardKpi(answer.totalProduction, answer.isLastUpdatePeriod)),
  /** Average production per hour, with Avg. Utilization and Preparation. */
  productionRate: frame('kpi', (answer: Cards) => cardKpi(answer.productionRate, answer.isLastUpdatePeriod)),
  /** Productivity (DTG, Apollo; no value for DTF), with its upper and lower values. */
  productivity: frame('kpi', (answer: Cards) => cardKpi(answer.productivity, answer.isLastUpdatePeriod)),
  /** Average availability (−1: not reported), with the group's upper and lower values. */
  availability: frame('kpi', (answer: Cards) => cardKpi(answer.availability, answer.isLastUpdatePeriod)),
} satisfies AnswerFrames<Cards>;

/** The OEE card: a null value (no planned time) and Shift Availability and Performance lines. */
export const OVERVIEW_OEE_FRAMES = {
  /** OEE with Shift Availability and Performance; no value without planned time. */
  oee: frame('kpi', (answer: AnswerOf<'OverviewOee'>) => cardKpi(answer.oee)),
} satisfies AnswerFrames<AnswerOf<'OverviewOee'>>;

type ImpressionsAvailability = AnswerOf<'ImpressionsAvailabilityCards'>;

/** The production and availability cards of the Impressions & availability report. */
export const IMPRESSIONS_AVAILABILITY_CARDS_FRAMES = {
  /** Impressions (DTG, Apollo) or metres of film (DTF) of the period. */
  totalProduction: frame('kpi', (answer: ImpressionsAvailability) => cardKpi(answer.totalProduction)),
  /** Average availability (−1: not reported). */
  availability: frame('kpi', (answer: ImpressionsAvailability) => cardKpi(answer.availability)),
} satisfies AnswerFrames<ImpressionsAvailability>;

type ChartPoint = AnswerOf<'OverviewGraphs'>['productionChart'][number];

/** A chart's number to draw: percentages below 0 (availability −1, not reported) are not drawn. */
function drawable(value: number, units: string): number | null {
  return units === '%' && value < 0 ? null : value;
}

/**
 * One chart of a graphs answer as a series (spec reports §3 Chart point): a bucket not started yet or without any
 * report has no value; the previous period is compared only up to the same time, so a bucket not started has none.
 */
function chartSeries(name: string, points: readonly ChartPoint[], units: string): Series {
  return {
    name,
    units,
    values: points.map((point) => (point.isFuturePeriod || point.isNotReported ? null : drawable(point.value, units))),
    previous: points.map((point) => (point.isFuturePeriod ? null : drawable(point.previous, units))),
  };
}

type GraphsAnswer = Pick<AnswerOf<'OverviewGraphs'>, 'period' | 'comparedUntil'>;

/** A series frame of a graphs answer's charts over the same buckets (the first chart's), with the compared period. */
function chartFrame(answer: GraphsAnswer, charts: readonly Series[], points: readonly ChartPoint[]): SeriesFrame {
  return {
    type: 'series',
    units: charts[0]?.units ?? '',
    buckets: points.map((point) => ({ date: point.date, granularity: point.granularity, partialDays: null })),
    series: [...charts],
    period: { period: answer.period, comparedUntil: answer.comparedUntil },
  };
}

type Graphs = AnswerOf<'OverviewGraphs'>;

/** The Overview's charts (spec reports §2 Overview): by hour for a day, by day otherwise, against the previous period. */
export const OVERVIEW_GRAPHS_FRAMES = {
  /** Impressions (DTG, Apollo) or metres of film (DTF) per bucket: series 'production'. */
  production: frame('series', (answer: Graphs) =>
    chartFrame(
      answer,
      [chartSeries('production', answer.productionChart, answer.units.productionChart)],
      answer.productionChart,
    ),
  ),
  /** Production rate ('speed', imp/h or m/h) and utilization ('utilization', %) per bucket, in their own units. */
  speedAndUtilization: frame('series', (answer: Graphs) =>
    chartFrame(
      answer,
      [
        chartSeries('speed', answer.speedChart, answer.units.speedChart),
        chartSeries('utilization', answer.utilizationChart, answer.units.utilizationChart),
      ],
      answer.speedChart,
    ),
  ),
  /** Availability per bucket (%; not reported: not drawn): series 'availability'. */
  availability: frame('series', (answer: Graphs) =>
    chartFrame(
      answer,
      [chartSeries('availability', answer.availabilityChart, answer.units.availabilityChart)],
      answer.availabilityChart,
    ),
  ),
} satisfies AnswerFrames<Graphs>;

type ImpressionsAvailabilityGraphs = AnswerOf<'ImpressionsAvailabilityGraphs'>;

/** The production and availability charts of the Impressions & availability report, as the Overview's. */
export const IMPRESSIONS_AVAILABILITY_GRAPHS_FRAMES = {
  production: frame('series', (answer: ImpressionsAvailabilityGraphs) =>
    chartFrame(
      answer,
      [chartSeries('production', answer.productionChart, answer.units.productionChart)],
      answer.productionChart,
    ),
  ),
  availability: frame('series', (answer: ImpressionsAvailabilityGraphs) =>
    chartFrame(
      answer,
      [chartSeries('availability', answer.availabilityChart, answer.units.availabilityChart)],
      answer.availabilityChart,
    ),
  ),
} satisfies AnswerFrames<ImpressionsAvailabilityGraphs>;
