import type { AcceptedAnswer } from '../../src/runtime/panel-definition.ts';

/** The Jobs Analysis answers whose cards a kpi-card shows (spec reports §2 Jobs Analysis: total and per-unit cards). */
export const JOB_CARD_ANSWERS = ['JobTotalDataCards', 'JobDataPerUnitCards'] as const;

export type JobCardAnswer = AcceptedAnswer<(typeof JOB_CARD_ANSWERS)[number]>;

/** The card a Jobs answer holds under each field, as a kpi-card shows it. */
interface JobCardValue {
  value: number;
  units: string;
  previous: number;
  stats: number | null;
}

/**
 * Jobs card fields: how to read each card's value and units, or undefined when the answer does not hold it. Ink is in
 * ml (the API divides stored microlitres by 1000, spec reports §9); DTF production is a length, shown in the user's unit.
 */
const JOB_CARD_READERS = {
  totalProductionResponse: (answer) =>
    'totalProductionResponse' in answer
      ? { ...answer.totalProductionResponse, value: answer.totalProductionResponse.totalProduction }
      : undefined,
  totalPrintingTimeResponse: (answer) =>
    'totalPrintingTimeResponse' in answer
      ? {
          ...answer.totalPrintingTimeResponse,
          value: answer.totalPrintingTimeResponse.totalPrintingTimeSeconds,
          units: 's',
        }
      : undefined,
  bottlesLoadedResponse: (answer) =>
    'bottlesLoadedResponse' in answer
      ? { ...answer.bottlesLoadedResponse, value: answer.bottlesLoadedResponse.bottlesLoaded, units: 'bottles' }
      : undefined,
  printTimePerUnitResponse: (answer) =>
    'printTimePerUnitResponse' in answer ? answer.printTimePerUnitResponse : undefined,
  inkConsumptionPerUnitResponse: (answer) =>
    'inkConsumptionPerUnitResponse' in answer ? answer.inkConsumptionPerUnitResponse : undefined,
} satisfies Record<string, (answer: JobCardAnswer) => JobCardValue | undefined>;

export type JobCardField = keyof typeof JOB_CARD_READERS;

export function isJobCardField(field: string): field is JobCardField {
  return Object.hasOwn(JOB_CARD_READERS, field);
}

/** A Jobs answer (every Jobs answer describes its change at the top; the Overview's cards carry their own). */
export function isJobCardAnswer(answer: object): answer is JobCardAnswer {
  return 'statsDescription' in answer;
}

/** The answer's card at `field` with the answer's change description, or null when the answer does not hold it. */
export function jobCardOf(
  answer: JobCardAnswer,
  field: JobCardField,
): { value: number; units: string; stats: number | null; statsDescription: string } | null {
  const card = JOB_CARD_READERS[field](answer);
  if (card === undefined) return null;
  return { value: card.value, units: card.units, stats: card.stats, statsDescription: answer.statsDescription };
}
