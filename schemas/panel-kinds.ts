import { PANEL_DEFINITIONS, PANEL_KIND_NAMES } from '../panels/panel-index.generated.ts';
import type { PanelMinSize } from '../src/runtime/panel-definition.ts';
import type { AnswerSchemaName } from '../src/shared/contract/answer-schemas.ts';

export type { PanelMinSize };

/** A panel kind's name; the kinds are the folders of panels/ with an index.ts (panels/panel-index.generated.ts). */
export type PanelKind = (typeof PANEL_KIND_NAMES)[number];

/** What the layout validator knows about a panel kind: no React here, the server and build scripts import it. */
export interface PanelKindSchema {
  /** JSON Schema (draft 2020-12) of the kind's `options`. */
  optionsSchema: object;
  minSize: PanelMinSize;
  /** The answers (names of ANSWER_SCHEMAS) the kind can show: a panel's query must answer one of them. */
  answers: readonly AnswerSchemaName[];
}

/**
 * The panel kinds a layout may use, with their options schemas and minimum sizes, read from each kind's own
 * panels/<kind>/index.ts (whose imports stay free of React, so node can load this module).
 */
export const PANEL_KINDS: Readonly<Record<PanelKind, PanelKindSchema>> = PANEL_DEFINITIONS;

export { PANEL_KIND_NAMES };
