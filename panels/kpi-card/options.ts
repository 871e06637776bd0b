import { Type, type Static } from 'typebox';

/**
 * The options of a kpi-card panel (a layout's `panels.<id>.options`): `npm run panels:index` writes this schema into
 * schemas/report-layout.schema.json, where editors complete and describe them and the layout validator checks them.
 */
export const KpiCardOptionsSchema = Type.Object(
  {
    field: Type.Enum(
      [
        'totalProduction',
        'productionRate',
        'productivity',
        'availability',
        'oee',
        'totalProductionResponse',
        'totalPrintingTimeResponse',
        'bottlesLoadedResponse',
        'printTimePerUnitResponse',
        'inkConsumptionPerUnitResponse',
      ],
      {
        description:
          "Property of the query's answer holding the card ({ value, units, stats, statsDescription, upper, lower }), e.g. 'totalProduction'.",
      },
    ),
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
          "Show the card with '--' when the response's card has a null value (e.g. OEE when no shift was planned); absent or false, a null value shows the panel's empty state.",
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
      "A 144 px card with one KPI: value (abbreviated k, M, B, ...), units, the change against the previous period with its description and trend arrow, and the upper and lower values of the response's card (spec reports §2 Overview, §3 Card data, §9 labels). For the period of the last update, 'Average' in the label reads 'Current'.",
    additionalProperties: false,
  },
);

export type KpiCardOptions = Static<typeof KpiCardOptionsSchema>;
