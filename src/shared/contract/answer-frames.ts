import type { AnswerOf, AnswerSchemaName } from './answer-schemas.ts';
import type { AnswerFrames, Frame, FrameType } from './frames.ts';
import {
  JOB_BOTTLES_LOADED_KPIS_FRAMES,
  JOB_CYCLE_TIME_KPIS_FRAMES,
  JOB_DATA_PER_UNIT_CARDS_FRAMES,
  JOB_GRAPHS_FRAMES,
  JOB_INK_CONSUMPTION_KPIS_FRAMES,
  JOB_PRINT_TIME_KPIS_FRAMES,
  JOB_TOTAL_DATA_CARDS_FRAMES,
  JOB_TOTAL_IMPRESSIONS_FRAMES,
} from './jobs.frames.ts';
import {
  IMPRESSIONS_AVAILABILITY_CARDS_FRAMES,
  IMPRESSIONS_AVAILABILITY_GRAPHS_FRAMES,
  OVERVIEW_CARDS_FRAMES,
  OVERVIEW_GRAPHS_FRAMES,
  OVERVIEW_OEE_FRAMES,
} from './overview.frames.ts';
import { PERIOD_ANSWERS, PERIOD_FRAMES } from './report.frames.ts';
import { SOFTWARE_VERSIONS_FRAMES } from './system-data.frames.ts';
import {
  MACHINE_SETTINGS_FRAMES,
  SYSTEM_AVAILABILITY_TIMELINE_FRAMES,
  SYSTEM_IMPRESSIONS_CARDS_FRAMES,
  SYSTEM_INK_TABLE_FRAMES,
  SYSTEM_MESSAGES_FRAMES,
  SYSTEM_QUALISET_FRAMES,
} from './system-page.frames.ts';

/** Each answer's frames, by the answer's name: what a layout panel may name in `frame` for a query of that answer. */
export const ANSWER_FRAMES: { readonly [Name in AnswerSchemaName]?: AnswerFrames<AnswerOf<Name>> } = {
  ...Object.fromEntries(PERIOD_ANSWERS.map((name) => [name, PERIOD_FRAMES])),
  OverviewCards: { ...PERIOD_FRAMES, ...OVERVIEW_CARDS_FRAMES },
  OverviewOee: { ...PERIOD_FRAMES, ...OVERVIEW_OEE_FRAMES },
  ImpressionsAvailabilityCards: { ...PERIOD_FRAMES, ...IMPRESSIONS_AVAILABILITY_CARDS_FRAMES },
  OverviewGraphs: { ...PERIOD_FRAMES, ...OVERVIEW_GRAPHS_FRAMES },
  ImpressionsAvailabilityGraphs: { ...PERIOD_FRAMES, ...IMPRESSIONS_AVAILABILITY_GRAPHS_FRAMES },
  SystemImpressionsCards: SYSTEM_IMPRESSIONS_CARDS_FRAMES,
  SystemAvailabilityTimeline: SYSTEM_AVAILABILITY_TIMELINE_FRAMES,
  JobTotalDataCards: JOB_TOTAL_DATA_CARDS_FRAMES,
  JobDataPerUnitCards: JOB_DATA_PER_UNIT_CARDS_FRAMES,
  JobGraphs: JOB_GRAPHS_FRAMES,
  JobTotalImpressions: JOB_TOTAL_IMPRESSIONS_FRAMES,
  JobPrintTimeKpis: JOB_PRINT_TIME_KPIS_FRAMES,
  JobCycleTimeKpis: JOB_CYCLE_TIME_KPIS_FRAMES,
  JobInkConsumptionKpis: JOB_INK_CONSUMPTION_KPIS_FRAMES,
  JobBottlesLoadedKpis: JOB_BOTTLES_LOADED_KPIS_FRAMES,
  SystemInkTable: SYSTEM_INK_TABLE_FRAMES,
  SystemMessages: SYSTEM_MESSAGES_FRAMES,
  SystemQualiset: SYSTEM_QUALISET_FRAMES,
  MachineSettings: MACHINE_SETTINGS_FRAMES,
  SoftwareVersions: SOFTWARE_VERSIONS_FRAMES,
};

/** The frames the answer offers, by name, with their types. */
export function framesOffered(answer: AnswerSchemaName): Record<string, FrameType> {
  const frames = ANSWER_FRAMES[answer] ?? {};
  return Object.fromEntries(Object.entries(frames).map(([name, adapter]) => [name, adapter.type]));
}

/** The column keys the answer's table frame `name` declares, in their order; undefined when it offers no such table. */
export function tableColumnKeys(answer: AnswerSchemaName, name: string): string[] | undefined {
  const adapters: AnswerFrames<never> = ANSWER_FRAMES[answer] ?? {};
  const adapter = Object.hasOwn(adapters, name) ? adapters[name] : undefined;
  return adapter?.type === 'table' ? adapter.columns.map((column) => column.key) : undefined;
}

/** The answer's frame named `name` (the layout validator has checked that the answer offers it). */
export function readFrame(answer: AnswerSchemaName, name: string, value: unknown): Frame {
  const adapters = ANSWER_FRAMES[answer] as AnswerFrames<unknown> | undefined;
  const adapter = adapters !== undefined && Object.hasOwn(adapters, name) ? adapters[name] : undefined;
  if (adapter === undefined) throw new Error(`the answer '${answer}' offers no frame '${name}'`);
  return adapter.read(value);
}
