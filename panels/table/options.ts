import { Type, type Static } from 'typebox';
import { layoutText, panelOptionsSchema } from '../../src/runtime/panel-sdk-options.ts';
import { jsonPointer } from '../../src/shared/layout/json-pointer.ts';
import type { FrameColumnUse } from '../../src/shared/layout/validate-layout.ts';

const TableColumnOption = Type.Object(
  {
    key: Type.String({
      description:
        "The frame's column to show, e.g. 'consumed' of SystemInkTable's inkByColour (docs/layout-authoring.md lists each table frame's columns).",
      minLength: 1,
    }),
    label: Type.Optional(layoutText("Header instead of the frame's.")),
    decimals: Type.Optional(
      Type.Integer({ description: "Decimals of a number column instead of the frame's.", minimum: 0, maximum: 6 }),
    ),
  },
  { additionalProperties: false },
);

/** The options of a table panel (a layout's `panels.<id>.options`). */
export const TableOptionsSchema = panelOptionsSchema(
  {
    title: 'Table options',
    description:
      "A table of any answer's table frame (the layout panel's 'frame', e.g. SystemInkTable's 'inkByColour'): the facts and summary the frame gives above it, the columns the options choose (labels and decimals), a search box over the rows. Scrolls inside its panel; numbers line up on the right.",
  },
  {
    columns: Type.Optional(
      Type.Array(TableColumnOption, {
        description: "The columns shown, in this order; absent: every column of the frame in the frame's order.",
        minItems: 1,
      }),
    ),
    hideWhenNarrow: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), {
        description:
          "Keys of the columns hidden while the panel is under 420 px wide (a phone), so the others fit without scrolling sideways, e.g. ['share'].",
        uniqueItems: true,
      }),
    ),
    maxRows: Type.Optional(
      Type.Integer({ description: 'Most rows shown (the first ones). Default: all.', minimum: 1 }),
    ),
    search: Type.Optional(
      Type.Object(
        {
          placeholder: layoutText("The search box's placeholder, e.g. 'Parameter name'."),
          noun: layoutText("What the rows are, in the count '3 of 40 parameters'."),
        },
        {
          description: "A search box over the rows' header column, with the count of the rows it keeps. Absent: none.",
          additionalProperties: false,
        },
      ),
    ),
  },
);

export type TableOptions = Static<typeof TableOptionsSchema>;

/** The column keys the options name, where they name them: the layout validator checks each against the frame's columns. */
export function tableColumnKeysIn(options: TableOptions): FrameColumnUse[] {
  return [
    ...(options.columns ?? []).map((column, index) => ({
      pointer: jsonPointer('columns', index, 'key'),
      key: column.key,
    })),
    ...(options.hideWhenNarrow ?? []).map((key, index) => ({ pointer: jsonPointer('hideWhenNarrow', index), key })),
  ];
}
