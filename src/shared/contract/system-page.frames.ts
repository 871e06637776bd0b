import { formatPercent } from '../format/percent.ts';
import type { AnswerFramesByName } from './answer-frame-lookup.ts';
import type { AnswerOf } from './answer-schemas.ts';
import { INK_CHART_COLOURS } from '../jobs/job-categories.ts';
import { frame, tableFrame, type AnswerFrames, type CellValue, type TableColumn, type TableContent } from './frames.ts';
import { inkColourText } from './ink-colour-words.ts';
import { cardKpi } from './report.frames.ts';
import type { MessageRow } from './system-page.contract.ts';
import { OTHER_MESSAGE, otherLast } from './other-message.ts';
import { SOFTWARE_VERSIONS_FRAMES } from './system-data.frames.ts';

/** The frames of the system page's answers (spec reports §2 System page, Machine config, Service ticket). */

/** Negative or infinite ink figures are shown as 0 (spec reports §5). */
export function inkValue(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

type InkAnswer = AnswerOf<'SystemInkTable'>;

/** An ink's name as the table shows it: our word for a colour the spec lists; another as the answer has it. */
export function inkColourName(colorName: string): CellValue {
  const known = INK_CHART_COLOURS.find((colour) => colour === colorName);
  return known === undefined ? colorName : inkColourText(known);
}

const inkMl = <Key extends 'consumed' | 'loaded' | 'perUnit'>(key: Key, decimals: number) =>
  ({ key, label: { key: `frames.inkByColour.${key}` }, format: 'number', decimals, align: 'end' }) as const;

/** One printer's ink per colour, in ml (the answer's figures, spec reports §9), the per-unit header its unit. */
export const SYSTEM_INK_TABLE_FRAMES = {
  /** Ink per colour: consumed and loaded ml, bottles, ml per unit. */
  inkByColour: tableFrame(
    [
      { key: 'colour', label: { key: 'frames.inkByColour.colour' }, format: 'text', rowHeader: true },
      inkMl('consumed', 1),
      inkMl('loaded', 1),
      { key: 'bottles', label: { key: 'frames.inkByColour.bottles' }, format: 'text', align: 'end' },
      inkMl('perUnit', 3),
    ],
    (answer: InkAnswer) => ({
      labels: { perUnit: { key: 'frames.inkByColour.perUnit', values: { unit: answer.perUnit } } },
      rows: answer.colorData.map((colour) => ({
        key: colour.colorName,
        cells: {
          colour: inkColourName(colour.colorName),
          consumed: inkValue(colour.consumedMl),
          loaded: inkValue(colour.loadedMl),
          bottles: inkValue(colour.bottlesLoaded),
          perUnit: inkValue(colour.perUnitMl),
        },
      })),
    }),
  ),
} satisfies AnswerFrames<InkAnswer>;

const MESSAGE_COLUMNS = [
  { key: 'message', label: { key: 'frames.messages.message' }, format: 'text', rowHeader: true },
  { key: 'codes', label: { key: 'frames.messages.codes' }, format: 'text' },
  { key: 'count', label: { key: 'frames.messages.count' }, format: 'text', align: 'end' },
  { key: 'duration', label: { key: 'frames.messages.duration' }, format: 'duration', align: 'end' },
  { key: 'share', label: { key: 'frames.messages.share' }, format: 'percent', align: 'end' },
] as const satisfies readonly TableColumn[];

type MessageColumnKey = (typeof MESSAGE_COLUMNS)[number]['key'];

function messageRows(rows: readonly MessageRow[]): TableContent<MessageColumnKey> {
  return {
    rows: otherLast(rows).map((row) => ({
      key: row.message,
      cells: {
        message: row.message === OTHER_MESSAGE ? { key: 'frames.messages.other' } : row.message,
        codes: row.codes.join(', '),
        count: row.count,
        duration: row.durationSeconds,
        share: row.durationShare,
      },
    })),
  };
}

type MessagesAnswer = AnswerOf<'SystemMessages'>;

/** A printer's errors and its maintenance events of the period, one row per message, 'Other' last. */
export const SYSTEM_MESSAGES_FRAMES = {
  /** Error messages: codes, count, duration and share. */
  errors: tableFrame(MESSAGE_COLUMNS, (answer: MessagesAnswer) => messageRows(answer.errorTableData.messageTableData)),
  /** Maintenance events: codes, count, duration and share. */
  maintenance: tableFrame(MESSAGE_COLUMNS, (answer: MessagesAnswer) =>
    messageRows(answer.maintenanceTableData.messageTableData),
  ),
} satisfies AnswerFrames<MessagesAnswer>;

type QualisetAnswer = AnswerOf<'SystemQualiset'>;

/** The period's Qualiset tests, latest first, under the pass rate; no rows and no summary without any test. */
export const SYSTEM_QUALISET_FRAMES = {
  /** Qualiset tests: time, test, result and score. */
  qualisetResults: tableFrame(
    [
      { key: 'measuredAt', label: { key: 'frames.qualisetResults.measuredAt' }, format: 'shortInstant' },
      { key: 'testName', label: { key: 'frames.qualisetResults.testName' }, format: 'text' },
      { key: 'result', label: { key: 'frames.qualisetResults.result' }, format: 'text' },
      { key: 'score', label: { key: 'frames.qualisetResults.score' }, format: 'text' },
    ],
    (answer: QualisetAnswer) => ({
      ...(answer.tests === 0
        ? {}
        : {
            summary: {
              key: 'frames.qualisetResults.summary',
              values: {
                passed: answer.passed,
                tests: answer.tests,
                passRate: answer.passRate === null ? '--' : formatPercent(answer.passRate),
              },
            },
          }),
      rows: answer.results.map((result, index) => ({
        key: `${result.measuredAt}-${index}`,
        cells: {
          measuredAt: result.measuredAt,
          testName: result.testName,
          result: { key: result.passed ? 'frames.qualisetResults.passed' : 'frames.qualisetResults.failed' },
          score: result.score,
        },
        tones: { result: result.passed ? 'good' : 'bad' },
      })),
    }),
  ),
} satisfies AnswerFrames<QualisetAnswer>;

type MachineSettingsAnswer = AnswerOf<'MachineSettings'>;

/** A numeric value outside its min or max (a limit that is absent does not bound it). */
export function isOutOfRange(value: number | string, min?: number, max?: number): boolean {
  if (typeof value !== 'number') return false;
  return (min !== undefined && value < min) || (max !== undefined && value > max);
}

/**
 * Machine config (spec reports §2: min, max and value; §5: min and max numbers or absent, a value a number or text; the
 * server has dropped null parameters): the device as facts and picture, its parameters by name. A device without
 * parameters still shows itself, with 'No parameters recorded'.
 */
export const MACHINE_SETTINGS_FRAMES = {
  /** The device and its parameters: value, min and max. */
  parameters: tableFrame(
    [
      { key: 'name', label: { key: 'frames.parameters.name' }, format: 'text', rowHeader: true },
      { key: 'value', label: { key: 'frames.parameters.value' }, format: 'number' },
      { key: 'min', label: { key: 'frames.parameters.min' }, format: 'number' },
      { key: 'max', label: { key: 'frames.parameters.max' }, format: 'number' },
    ],
    (answer: MachineSettingsAnswer) => {
      const { device } = answer;
      return {
        facts: [
          {
            label: { key: 'frames.parameters.device' },
            value: device.nickname === null ? device.name : `${device.nickname} (${device.name})`,
          },
          { label: { key: 'frames.parameters.id' }, value: device.id },
          { label: { key: 'frames.parameters.model' }, value: `${device.model} · ${device.systemGroup}` },
        ],
        image: { src: device.image, alt: { key: 'frames.parameters.image', values: { model: device.model } } },
        noRowsText: { key: 'frames.parameters.noRows' },
        rows: [...answer.params]
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((param) => ({
            key: param.name,
            cells: { name: param.name, value: param.value, min: param.min ?? null, max: param.max ?? null },
            ...(isOutOfRange(param.value, param.min, param.max)
              ? { notes: { value: { key: 'frames.parameters.outOfRange' } } }
              : {}),
          })),
      };
    },
  ),
} satisfies AnswerFrames<MachineSettingsAnswer>;

type ImpressionsCards = AnswerOf<'SystemImpressionsCards'>;

/** One printer's production and production-rate cards (spec reports §2 System page). */
export const SYSTEM_IMPRESSIONS_CARDS_FRAMES = {
  /** The printer's impressions (or metres of film) of the period. */
  totalProduction: frame('kpi', (answer: ImpressionsCards) => cardKpi(answer.totalProduction)),
  /** The printer's average production per hour, with its upper and lower values. */
  productionRate: frame('kpi', (answer: ImpressionsCards) => cardKpi(answer.productionRate)),
} satisfies AnswerFrames<ImpressionsCards>;

/** One printer's availability card (−1: not reported). */
export const SYSTEM_AVAILABILITY_TIMELINE_FRAMES = {
  /** The printer's availability of the period (−1: not reported). */
  availability: frame('kpi', (answer: AnswerOf<'SystemAvailabilityTimeline'>) => cardKpi(answer.availability)),
} satisfies AnswerFrames<AnswerOf<'SystemAvailabilityTimeline'>>;

/**
 * The system page answers' frames by answer (with the software versions of its popup). The browser fetches them with
 * the first of those answers (src/runtime/answer-frame-reader.ts), so the report routes that show none of them do not
 * load them.
 */
export const SYSTEM_PAGE_ANSWER_FRAMES: AnswerFramesByName = {
  SystemImpressionsCards: SYSTEM_IMPRESSIONS_CARDS_FRAMES,
  SystemAvailabilityTimeline: SYSTEM_AVAILABILITY_TIMELINE_FRAMES,
  SystemInkTable: SYSTEM_INK_TABLE_FRAMES,
  SystemMessages: SYSTEM_MESSAGES_FRAMES,
  SystemQualiset: SYSTEM_QUALISET_FRAMES,
  MachineSettings: MACHINE_SETTINGS_FRAMES,
  SoftwareVersions: SOFTWARE_VERSIONS_FRAMES,
};
