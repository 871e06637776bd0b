import type { JobSelection, PanelT } from '../../src/runtime/panel-sdk.ts';
import type { AnswerOf } from '../../src/shared/api-types.ts';
import { JOB_SIZES, type JobSize } from '../../src/shared/jobs/job-categories.ts';
import type { SystemGroup } from '../../src/shared/system-group.ts';

/** The answers the kind shows (names of ANSWER_SCHEMAS): a layout may bind it only to a query answering one of them. */
export const JOB_SUMMARY_ANSWERS = ['JobSummary'] as const;

export type JobSummaryAnswer = AnswerOf<(typeof JOB_SUMMARY_ANSWERS)[number]>;

/** DTF's two pages (spec reports §2 Job summary). */
export type DtfPage = 'BySize' | 'ByPrintType';

/** DTF's print modes with a print type of spec reports §9 (`panels.jobSummary.printType.<mode>`). */
const PRINT_TYPE_MODES = [0, 1, 2, 3] as const;

/** The figures of a size category or print mode. */
export interface JobFigures {
  numberOfJobs: number;
  numberOfImpressions: number;
  /** ml */
  totalInk: number;
  /** seconds */
  totalTime: number;
  /** metres of film */
  filmLength: number;
  /** share of the production, whole percent */
  percent: number;
}

export interface SizeCard extends JobFigures {
  size: JobSize;
}

export interface PrintModeCard extends JobFigures {
  mode: number;
  /** The answer's name of the mode, shown for a mode without a print type of the spec. */
  modeName: string;
}

/** A print-mode card's name: the print type of spec reports §9 ('Production', 'Prod. Solid', …) by DTF mode 0–3. */
export function printTypeLabel(card: Pick<PrintModeCard, 'mode' | 'modeName'>, t: PanelT): string {
  const mode = PRINT_TYPE_MODES.find((candidate) => candidate === card.mode);
  return mode === undefined ? card.modeName : t(`panels.jobSummary.printType.${mode}`);
}

/** What the panel draws. */
export interface JobSummaryData {
  /** Size categories with their figures (Small, Medium, Large; the sizes the answer has). */
  sizes: SizeCard[];
  /** Impression counts per size category (the short cards). */
  sizeCounts: { size: JobSize; numberOfImpressions: number }[];
  /** The period's totals ('Total'), if the answer has them. */
  total: JobFigures | null;
  /** DTF print modes 0–3. */
  printModes: PrintModeCard[];
  /** DTF film summary. */
  film: (Omit<JobFigures, 'percent'> & { widestMediaWidthMm: number | null }) | null;
  /** Size data is missing for part of the period (spec reports §8: DTF before its per-job data start): a note says so. */
  partialData: boolean;
}

function figuresOf(entry: JobFigures): JobFigures {
  const { numberOfJobs, numberOfImpressions, totalInk, totalTime, filmLength, percent } = entry;
  return { numberOfJobs, numberOfImpressions, totalInk, totalTime, filmLength, percent };
}

const isSize = (name: string): name is JobSize => (JOB_SIZES as readonly string[]).includes(name);

/** The summary's cards, or null when no job ended in the period (the empty state 'There is no available data'). */
export function selectJobSummary(answer: JobSummaryAnswer): JobSummaryData | null {
  if (answer.hasNoData) return null;
  const total = answer.jobSummaryData.find((entry) => entry.sizeCategory === 'Total');
  return {
    sizes: answer.jobSummaryData.flatMap((entry) =>
      isSize(entry.sizeCategory) ? [{ size: entry.sizeCategory, ...figuresOf(entry) }] : [],
    ),
    sizeCounts: answer.jobSummaryDataShort.map(({ sizeCategory, numberOfImpressions }) => ({
      size: sizeCategory,
      numberOfImpressions,
    })),
    total: total === undefined ? null : figuresOf(total),
    printModes: answer.printModes.map((entry) => ({
      mode: entry.mode,
      modeName: entry.modeName,
      ...figuresOf(entry),
    })),
    film:
      answer.dtFilmData === null
        ? null
        : {
            numberOfJobs: answer.dtFilmData.numberOfJobs,
            numberOfImpressions: answer.dtFilmData.numberOfImpressions,
            totalInk: answer.dtFilmData.totalInk,
            totalTime: answer.dtFilmData.totalTime,
            filmLength: answer.dtFilmData.filmLength,
            widestMediaWidthMm: answer.dtFilmData.widestMediaWidthMm,
          },
    partialData: answer.isPartialData,
  };
}

/**
 * Whether a size card can be selected (spec reports §4): an Apollo card with zero impressions cannot, and DTG size
 * cards toggle only when they have production. DTF sizes are shown, not selected (DTF filters by print mode).
 */
export function isSizeSelectable(group: SystemGroup, numberOfImpressions: number): boolean {
  return group !== 'DTF' && numberOfImpressions > 0;
}

function toggled<Item>(items: readonly Item[], item: Item): Item[] {
  return items.includes(item) ? items.filter((entry) => entry !== item) : [...items, item];
}

/**
 * The selection after a size card is pressed: the size toggles (on DTG both cards of that size, the pair, follow it,
 * as they show one selection); an unselectable card changes nothing.
 */
export function toggleSize(
  selection: JobSelection,
  group: SystemGroup,
  size: JobSize,
  numberOfImpressions: number,
): JobSelection {
  if (!isSizeSelectable(group, numberOfImpressions)) return selection;
  return { ...selection, sizes: toggled(selection.sizes, size) };
}

/** DTF: a print-mode card is highlighted or un-highlighted. */
export function togglePrintMode(selection: JobSelection, mode: number): JobSelection {
  return { ...selection, printModes: toggled(selection.printModes, mode) };
}

/** DTF: every highlight cleared. */
export function clearPrintModes(selection: JobSelection): JobSelection {
  return { ...selection, printModes: [] };
}
