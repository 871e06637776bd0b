import { Type, type Static } from 'typebox';
import { layoutText } from '../../src/runtime/panel-sdk-options.ts';

/** A text per system group, at least one. */
function groupTexts(description: string) {
  return Type.Object(
    { DTG: Type.Optional(layoutText()), DTF: Type.Optional(layoutText()), Apollo: Type.Optional(layoutText()) },
    { description, additionalProperties: false, minProperties: 1 },
  );
}

/**
 * The options of a kpi-card panel (a layout's `panels.<id>.options`): `npm run panels:index` writes this schema into
 * schemas/report-layout.schema.json, where editors complete and describe them and the layout validator checks them.
 */
export const KpiCardOptionsSchema = Type.Object(
  {
    labels: groupTexts(
      'Card label per system group (a text or a text key); a group without one shows the panel title.',
    ),
    labelKeys: Type.Optional(
      Type.Object(
        {
          live: groupTexts(
            "Card label per system group while the period holds the last update (spec reports §4: 'Current prod. rate' for 'Average prod. rate'); a group without one shows its label.",
          ),
        },
        { description: 'Other labels of the card, by when they are shown.', additionalProperties: false },
      ),
    ),
    format: Type.Optional(
      Type.Enum(['number', 'percent', 'availability', 'duration'], {
        description:
          "How the main value is shown. Absent: by the data's units ('%' percent, 's' duration, others number).",
      }),
    ),
    showMissing: Type.Optional(
      Type.Boolean({
        description:
          "Show the card with '--' when the KPI frame has no value (e.g. OEE when no shift was planned); absent or false, a null value shows the panel's empty state.",
      }),
    ),
    decimals: Type.Optional(
      Type.Integer({
        description: 'Most decimals of the abbreviated value (12.3k with 1). Default 1.',
        minimum: 0,
        maximum: 3,
      }),
    ),
  },
  {
    title: 'KPI card options',
    description:
      "A 144 px card with one KPI: value (abbreviated k, M, B, ...), units, the change against the previous period with its description and trend arrow, and the upper and lower values of the KPI frame the panel names in 'frame' (spec reports §2 Overview, §3 Card data, §9 labels). For the period of the last update, the card shows its 'labelKeys.live' label.",
    additionalProperties: false,
  },
);

export type KpiCardOptions = Static<typeof KpiCardOptionsSchema>;
