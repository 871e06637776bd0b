import type { AnswerOf, AnswerSchemaName } from './answer-schemas.ts';
import { frame, type AnswerFrames } from './frames.ts';

/** The answers that name their period and how far it is compared (every Overview answer and Systems Analysis). */
export const PERIOD_ANSWERS = [
  'OverviewCards',
  'OverviewOee',
  'OverviewGraphs',
  'ImpressionsAvailabilityCards',
  'ImpressionsAvailabilityGraphs',
  'ProductionRate',
  'Productivity',
  'ImpressionsByHourMatrix',
  'UtilizationProductivityMatrix',
  'ImpressionsKpis',
  'AvailabilitiesKpis',
  'SystemsAnalysis',
] as const satisfies readonly AnswerSchemaName[];

type PeriodAnswer = AnswerOf<(typeof PERIOD_ANSWERS)[number]>;

/** The `period` frame every one of those answers offers: its selected period and how far it is compared. */
export const PERIOD_FRAMES = {
  period: frame(
    'period',
    'The selected period and how far it is compared with the previous one.',
    (answer: PeriodAnswer) => ({
      type: 'period',
      period: answer.period,
      comparedUntil: answer.comparedUntil,
    }),
  ),
} satisfies AnswerFrames<PeriodAnswer>;
