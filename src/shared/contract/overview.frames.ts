import type { AnswerOf } from './answer-schemas.ts';
import { frame, type AnswerFrames } from './frames.ts';
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
