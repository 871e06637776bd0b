/**
 * What a panel kind registers, without React: each `panels/<kind>/index.ts` exports `panel = definePanel(...)`, and the
 * server and node scripts import it through schemas/panel-kinds.ts for the kind list, options schemas and minimum sizes.
 * Keep this module free of runtime imports of React, CSS or .tsx files (node imports it with type stripping).
 */
import type { ComponentType } from 'react';
import type { TSchema } from 'typebox';
import type { AnswerOf, AnswerSchemaName } from '../shared/contract/answer-schemas.ts';
import type { FrameOfType, FrameType } from '../shared/contract/frames.ts';
import type { FrameColumnUse } from '../shared/layout/validate-layout.ts';
import type { SystemGroup } from '../shared/system-group.ts';
import type { PanelPlaceholder } from './PanelFrame.tsx';

/** Smallest grid size (columns × rows) a panel kind can be placed in. */
export interface PanelMinSize {
  w: number;
  h: number;
}

/** What the runtime hands a panel component. */
export interface PanelProps<Options, Data> {
  /** The panel's options from the layout, valid against the kind's `optionsSchema` (panels/<kind>/options.ts). */
  options: Options;
  /** What the kind's `selectData` picked from the query's answer; never null (the frame shows the empty state instead). */
  data: Data;
  /** Title for the current system group (the definition's `titleFor`, else the layout panel's title). */
  title: string;
  systemGroup: SystemGroup;
  /** Serial numbers the machine filter selected; empty or absent: every system of the group. */
  selectedSystems?: readonly string[];
  /** Size of the panel's grid cell in pixels. */
  width: number;
  height: number;
}

/** One of the answers named `Names`, typed by its schema (a kind accepting several receives any of them). */
export type AcceptedAnswer<Names extends AnswerSchemaName> = { [Name in Names]: AnswerOf<Name> }[Names];

/** What every kind declares, whether it reads whole answers or frames. */
interface PanelDefinitionBase<Options, Data> {
  /** The kind's name, equal to its folder under panels/ (kebab-case), e.g. 'kpi-card'. */
  kind: string;
  /** Name of the kind in catalogues and Storybook, e.g. 'KPI card'. */
  title: string;
  description: string;
  /**
   * The kind's options as a TypeBox schema (panels/<kind>/options.ts, with a title and a description of every option):
   * `npm run panels:index` writes it into schemas/report-layout.schema.json for editors, and the layout validator checks
   * every panel's options against it.
   */
  optionsSchema: TSchema;
  /** Smallest grid cell the kind fits; the layout validator checks placements against it. */
  minSize: PanelMinSize;
  /** True when the component shows its title itself (a KPI card's label); the frame then shows it only while loading, empty or failed. */
  drawsOwnTitle: boolean;
  /** When the options decide whether the component shows its title (a series chart beside its comparison legend); overrides `drawsOwnTitle`. */
  drawsOwnTitleWith?(options: Options): boolean;
  /** Shape of the loading placeholder: 'chart' (default, spec reports §2 chart placeholders) or 'card'. */
  placeholder?: PanelPlaceholder;
  /** Per-group title from the options (a KPI card's label for DTF); undefined falls back to the layout title. */
  titleFor?(options: Options, group: SystemGroup): string | undefined;
  /** Loads the component (a dynamic import, so each kind is its own chunk and node never loads React). */
  load(): Promise<ComponentType<PanelProps<Options, Data>>>;
}

/**
 * A kind that reads whole answers. Metadata is eager; the component loads on first use. `Answer` is the names of the
 * answers the kind accepts; `selectData` receives one of them, already checked against its schema by the runtime.
 */
export interface PanelDefinition<
  Options,
  Data,
  Answer extends AnswerSchemaName = AnswerSchemaName,
> extends PanelDefinitionBase<Options, Data> {
  /**
   * The answers the kind can show (names of ANSWER_SCHEMAS, src/shared/contract/answer-schemas.ts): the layout validator
   * rejects a panel bound to a query that answers anything else.
   */
  answers: readonly Answer[];
  accepts?: never;
  /** Picks the panel's data from the query's answer; null means nothing to show for this period (empty state). */
  selectData(answer: AcceptedAnswer<Answer>, options: Options): Data | null;
}

/**
 * A kind that draws a frame (src/shared/contract/frames.ts), so it works for every answer offering a frame of its type:
 * a layout panel names the frame (`"frame": "inkByColour"`), the validator checks that the query's answer offers it with
 * this type, and the runtime hands `selectData` the frame the answer's adapter made.
 */
export interface FramePanelDefinition<Options, Data, Type extends FrameType = FrameType> extends PanelDefinitionBase<
  Options,
  Data
> {
  /** The frame type the kind draws. */
  accepts: Type;
  answers?: never;
  /**
   * A table kind: the column keys its options name (with their pointers within `options`); the layout validator checks
   * each against the columns the panel's frame declares.
   */
  frameColumnsIn?(options: Options): readonly FrameColumnUse[];
  /** Picks the panel's data from the frame; null means nothing to show for this period (empty state). */
  selectData(frame: FrameOfType<Type>, options: Options): Data | null;
}

/**
 * A definition with its types erased, as the registry holds it: the layout validator checks the options against the
 * kind's schema and the query's answer against `answers` (or the panel's frame against `accepts`), and the runtime
 * checks the answer against its schema.
 */
export type AnyPanelDefinition = PanelDefinition<unknown, unknown> | FramePanelDefinition<unknown, unknown>;

/**
 * Types a kind's definition (options, data and accepted answers are inferred from it, so `selectData` must take what
 * `answers` names) and erases them for the registry.
 */
export function definePanel<Options, Data, Answer extends AnswerSchemaName>(
  definition: PanelDefinition<Options, Data, Answer>,
): AnyPanelDefinition {
  return definition as unknown as AnyPanelDefinition;
}

/** Types a frame kind's definition (options, data and the frame type are inferred from it) and erases them for the registry. */
export function defineFramePanel<Options, Data, Type extends FrameType>(
  definition: FramePanelDefinition<Options, Data, Type>,
): AnyPanelDefinition {
  return definition as unknown as AnyPanelDefinition;
}
