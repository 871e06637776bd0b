import { PANEL_DEFINITIONS, PANEL_KIND_NAMES } from '../panels/panel-index.generated.ts';
import type { PanelMinSize } from '../src/runtime/panel-definition.ts';
import type { AnswerSchemaName } from '../src/shared/contract/answer-schemas.ts';
import type { FrameType } from '../src/shared/contract/frames.ts';
import type { FrameColumnUse } from '../src/shared/layout/validate-layout.ts';

export type { PanelMinSize };

/** A panel kind's name; the kinds are the folders of panels/ with an index.ts (panels/panel-index.generated.ts). */
export type PanelKind = (typeof PANEL_KIND_NAMES)[number];

/** What the layout validator knows about a panel kind: no React here, the server and build scripts import it. */
export interface PanelKindSchema {
  /** JSON Schema (draft 2020-12) of the kind's `options`. */
  optionsSchema: object;
  minSize: PanelMinSize;
  /** A kind that reads answers: the answers (names of ANSWER_SCHEMAS) it can show; a panel's query must answer one. */
  answers?: readonly AnswerSchemaName[];
  /** A kind that draws a frame: its type; a panel names a frame of that type its query's answer offers. */
  accepts?: FrameType;
  /** A table kind: the column keys its options name; each must be a column of the panel's frame. */
  frameColumnsIn?(options: unknown): readonly FrameColumnUse[];
}

/**
 * The panel kinds a layout may use, with their options schemas and minimum sizes, read from each kind's own
 * panels/<kind>/index.ts (whose imports stay free of React, so node can load this module).
 */
export const PANEL_KINDS: Readonly<Record<PanelKind, PanelKindSchema>> = PANEL_DEFINITIONS;

export { PANEL_KIND_NAMES };
