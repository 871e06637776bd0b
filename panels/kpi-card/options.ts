import { Type, type Static } from 'typebox';

/**
 * The options of a kpi-card panel (a layout's `panels.<id>.options`): `npm run panels:index` writes this schema into
 * schemas/report-layout.schema.json, where editors complete and describe them and the layout validator checks them.
 */
export const KpiCardOptionsSchema = Type.Object(
  {
    labels: Type.Object(
      {
        DTG: Type.Optional(Type.String({ minLength: 1 })),
        DTF: Type.Optional(Type.String({ minLength: 1 })),
        Apollo: Type.Optional(Type.String({ minLength: 1 })),
      },
      {
        description: 'Card label per system group; a group without one shows the panel title.',
        additionalProperties: false,
        minProperties: 1,
      },
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
      "A 144 px card with one KPI: value (abbreviated k, M, B, ...), units, the change against the previous period with its description and trend arrow, and the upper and lower values of the KPI frame the panel names in 'frame' (spec reports §2 Overview, §3 Card data, §9 labels). For the period of the last update, 'Average' in the label reads 'Current'.",
    additionalProperties: false,
  },
);

export type KpiCardOptions = Static<typeof KpiCardOptionsSchema>;
