import type { AnswerOf, AnswerSchemaName } from './answer-schemas.ts';
import { frame, type AnswerFrames, type KpiFrame, type KpiLine } from './frames.ts';
import type { KpiCardLineWithoutValue, OverviewKpiCardWithoutValue } from './report.contract.ts';

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
  /** The selected period and how far it is compared with the previous one. */
  period: frame('period', (answer: PeriodAnswer) => ({
    type: 'period',
    period: answer.period,
    comparedUntil: answer.comparedUntil,
  })),
} satisfies AnswerFrames<PeriodAnswer>;

/** A card's upper or lower value as a KPI frame holds it. */
function kpiLineOf(line: KpiCardLineWithoutValue): KpiLine {
  return { description: line.description, value: line.value, units: line.units, stats: line.stats };
}

/**
 * A KPI card of an answer (spec reports §3 Card data) as a KPI frame; a card the answer does not hold (null, e.g.
 * productivity for DTF) is a frame without value. `live`: the period holds the last update.
 */
export function cardKpi(card: OverviewKpiCardWithoutValue | null, live = false): KpiFrame {
  if (card === null) return { type: 'kpi', value: null, units: '', previous: null, stats: null, statsDescription: '' };
  const frame: KpiFrame = {
    type: 'kpi',
    value: card.value,
    units: card.units,
    previous: card.previous,
    stats: card.stats,
    statsDescription: card.statsDescription,
  };
  if (card.upper !== null) frame.upper = kpiLineOf(card.upper);
  if (card.lower !== null) frame.lower = kpiLineOf(card.lower);
  if (live) frame.live = true;
  return frame;
}
