import { Type, type Static } from 'typebox';

/**
 * The options of a system-cards panel (a layout's `panels.<id>.options`): `npm run panels:index` writes this schema into
 * schemas/report-layout.schema.json, where editors complete and describe them and the layout validator checks them.
 */
export const SystemCardsOptionsSchema = Type.Object(
  {
    section: Type.Enum(['identity', 'kpis'], {
      description:
        "identity: the printer's picture and facts; kpis: achievement, production, production rate, availability, productivity (not DTF), error and maintenance.",
    }),
  },
  {
    title: 'System cards options',
    description:
      'The system page cards of one printer (spec reports §3): its identity (picture, model, serial, last status and update, app version, last software update) or its KPIs against last week and against the fleet. Answer: SystemPageCards.',
    additionalProperties: false,
  },
);

export type SystemCardsOptions = Static<typeof SystemCardsOptionsSchema>;
