import type { AnswerFramesByName } from './answer-frame-lookup.ts';
import type { AnswerOf } from './answer-schemas.ts';
import { INK_CHART_COLOURS } from '../jobs/job-categories.ts';
import {
  frame,
  type AnswerFrames,
  type KpiFrame,
  type SeriesBucket,
  type SeriesFigureKind,
  type SeriesFrame,
} from './frames.ts';
import { inkColourText } from './ink-colour-words.ts';
import type { JobKpiTrend } from './jobs.contract.ts';

/**
 * The frames of the Jobs Analysis answers (spec reports §2 Jobs Analysis, §7): the cards as KPI frames and each KPI
 * call's trend as a series frame. Every Jobs answer describes its change once, at the top (`statsDescription`). Ink is
 * in ml, DTF production in metres (the panels show the user's length unit), times in seconds.
 */

/** A Jobs figure compared with the previous period. */
interface Compared {
  value: number;
  units: string;
  previous: number;
  stats: number | null;
}

const kpi = (figure: Compared, statsDescription: string): KpiFrame => ({
  type: 'kpi',
  value: figure.value,
  units: figure.units,
  previous: figure.previous,
  stats: figure.stats,
  statsDescription,
});

type TotalCards = AnswerOf<'JobTotalDataCards'>;

/** The total cards. */
export const JOB_TOTAL_DATA_CARDS_FRAMES = {
  /** Impressions (DTG, Apollo) or metres of film (DTF) of the jobs. */
  totalProduction: frame('kpi', (answer: TotalCards) =>
    kpi(
      { ...answer.totalProductionResponse, value: answer.totalProductionResponse.totalProduction },
      answer.statsDescription,
    ),
  ),
  /** Seconds of printing (the jobs' durations). */
  totalPrintingTime: frame('kpi', (answer: TotalCards) =>
    kpi(
      {
        ...answer.totalPrintingTimeResponse,
        value: answer.totalPrintingTimeResponse.totalPrintingTimeSeconds,
        units: 's',
      },
      answer.statsDescription,
    ),
  ),
  /** Ink bottles loaded. */
  bottlesLoaded: frame('kpi', (answer: TotalCards) =>
    kpi(
      { ...answer.bottlesLoadedResponse, value: answer.bottlesLoadedResponse.bottlesLoaded, units: 'bottles' },
      answer.statsDescription,
    ),
  ),
} satisfies AnswerFrames<TotalCards>;

type PerUnitCards = AnswerOf<'JobDataPerUnitCards'>;

/** The per-unit cards (filtered by the job summary's selection). */
export const JOB_DATA_PER_UNIT_CARDS_FRAMES = {
  /** Seconds of printing per impression (DTF: per metre). */
  printTimePerUnit: frame('kpi', (answer: PerUnitCards) =>
    kpi(answer.printTimePerUnitResponse, answer.statsDescription),
  ),
  /** Ink (ml) per impression (DTF: per metre). */
  inkPerUnit: frame('kpi', (answer: PerUnitCards) =>
    kpi(answer.inkConsumptionPerUnitResponse, answer.statsDescription),
  ),
} satisfies AnswerFrames<PerUnitCards>;

/** A Jobs bucket (spec reports §7: `days` counts the days of a bucket the period cuts) as a series bucket. */
const bucketOf = (record: { date: string; granularity: SeriesBucket['granularity']; days: number | null }) => ({
  date: record.date,
  granularity: record.granularity,
  partialDays: record.days,
});

/** A KPI call's trend as a series: its value per bucket, the period's total, and the figure the call gives beside it. */
function trendSeries(
  trend: JobKpiTrend,
  statsDescription: string,
  figure?: { kind: SeriesFigureKind; value: Compared },
): SeriesFrame {
  const series: SeriesFrame = {
    type: 'series',
    units: trend.units,
    buckets: trend.records.map(bucketOf),
    series: [{ name: 'value', values: trend.records.map((record) => record.value) }],
    total: kpi(trend, statsDescription),
  };
  if (figure !== undefined) series.figure = { ...kpi(figure.value, statsDescription), kind: figure.kind };
  return series;
}

type Graphs = AnswerOf<'JobGraphs'>;

export const JOB_GRAPHS_FRAMES = {
  /**
   * Ink (ml) per bucket, a series per colour the period has, in the charts' order (Total, Color, black, white, FOF,
   * Softener; a colour no bucket has is left out, one a bucket lacks is 0 there), each labelled with our word for it.
   */
  inkConsumption: frame('series', (answer: Graphs) => {
    const trend = answer.inkConsumptionTrendResponse;
    const ml = trend.map((bucket) => new Map(bucket.colors.map((colour) => [colour.colorName, colour.colorValue])));
    return {
      type: 'series',
      units: 'ml',
      buckets: trend.map(bucketOf),
      series: INK_CHART_COLOURS.filter((colour) => ml.some((bucket) => bucket.has(colour))).map((colour) => ({
        name: colour,
        label: inkColourText(colour),
        values: ml.map((bucket) => bucket.get(colour) ?? 0),
      })),
    };
  }),
} satisfies AnswerFrames<Graphs>;

export const JOB_TOTAL_IMPRESSIONS_FRAMES = {
  /** Production per bucket: impressions (DTG, Apollo) or metres of film (DTF). */
  totalImpressions: frame('series', (answer: AnswerOf<'JobTotalImpressions'>) =>
    trendSeries(answer.totalImpressions, answer.statsDescription),
  ),
} satisfies AnswerFrames<AnswerOf<'JobTotalImpressions'>>;

export const JOB_PRINT_TIME_KPIS_FRAMES = {
  /** Seconds of printing per bucket, with the printing time per unit. */
  totalPrintingTime: frame('series', (answer: AnswerOf<'JobPrintTimeKpis'>) =>
    trendSeries(answer.totalPrintingTime, answer.statsDescription, {
      kind: 'perUnit',
      value: answer.printTimePerUnitResponse,
    }),
  ),
  /** Seconds of printing per impression (DTF: per metre). */
  printTimePerUnit: frame('kpi', (answer: AnswerOf<'JobPrintTimeKpis'>) =>
    kpi(answer.printTimePerUnitResponse, answer.statsDescription),
  ),
} satisfies AnswerFrames<AnswerOf<'JobPrintTimeKpis'>>;

type CycleTime = AnswerOf<'JobCycleTimeKpis'>;
const averageProcessTime = (answer: CycleTime): Compared => ({
  value: answer.averageProcessTimeResponse.averageProcessTimeSeconds,
  units: 's',
  previous: answer.averageProcessTimeResponse.previous,
  stats: answer.averageProcessTimeResponse.stats,
});

export const JOB_CYCLE_TIME_KPIS_FRAMES = {
  /** Apollo: seconds per impression per bucket, with the average process time of a job. */
  cycleTimePerImpression: frame('series', (answer: CycleTime) =>
    trendSeries(answer.cycleTimePerImpressionResponse, answer.statsDescription, {
      kind: 'averageProcessTime',
      value: averageProcessTime(answer),
    }),
  ),
  /** Apollo: average seconds from the start to the end of a job. */
  averageProcessTime: frame('kpi', (answer: CycleTime) => kpi(averageProcessTime(answer), answer.statsDescription)),
} satisfies AnswerFrames<CycleTime>;

export const JOB_INK_CONSUMPTION_KPIS_FRAMES = {
  /** Ink (ml) per bucket, with the ink per unit. */
  totalInkConsumption: frame('series', (answer: AnswerOf<'JobInkConsumptionKpis'>) =>
    trendSeries(answer.totalInkConsumption, answer.statsDescription, {
      kind: 'perUnit',
      value: answer.inkConsumptionPerUnitResponse,
    }),
  ),
  /** Ink (ml) per impression (DTF: per metre). */
  inkPerUnit: frame('kpi', (answer: AnswerOf<'JobInkConsumptionKpis'>) =>
    kpi(answer.inkConsumptionPerUnitResponse, answer.statsDescription),
  ),
} satisfies AnswerFrames<AnswerOf<'JobInkConsumptionKpis'>>;

export const JOB_BOTTLES_LOADED_KPIS_FRAMES = {
  /** Ink bottles loaded per bucket. */
  bottlesLoaded: frame('series', (answer: AnswerOf<'JobBottlesLoadedKpis'>) =>
    trendSeries(answer.bottlesLoaded, answer.statsDescription),
  ),
} satisfies AnswerFrames<AnswerOf<'JobBottlesLoadedKpis'>>;

/**
 * The Jobs Analysis answers' frames by answer. The browser fetches them with the first of those answers
 * (src/runtime/answer-frame-reader.ts), so the report routes that show none of them do not load them.
 */
export const JOBS_ANSWER_FRAMES: AnswerFramesByName = {
  JobTotalDataCards: JOB_TOTAL_DATA_CARDS_FRAMES,
  JobDataPerUnitCards: JOB_DATA_PER_UNIT_CARDS_FRAMES,
  JobGraphs: JOB_GRAPHS_FRAMES,
  JobTotalImpressions: JOB_TOTAL_IMPRESSIONS_FRAMES,
  JobPrintTimeKpis: JOB_PRINT_TIME_KPIS_FRAMES,
  JobCycleTimeKpis: JOB_CYCLE_TIME_KPIS_FRAMES,
  JobInkConsumptionKpis: JOB_INK_CONSUMPTION_KPIS_FRAMES,
  JobBottlesLoadedKpis: JOB_BOTTLES_LOADED_KPIS_FRAMES,
};
