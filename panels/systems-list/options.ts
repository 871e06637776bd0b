import { Type, type Static } from 'typebox';

/**
 * The options of a systems-list panel (a layout's `panels.<id>.options`): `npm run panels:index` writes this schema into
 * schemas/report-layout.schema.json, where editors complete and describe them and the layout validator checks them.
 */
export const SystemsListOptionsSchema = Type.Object(
  {},
  {
    title: 'Systems list options',
    description:
      "The systems list has no options yet: it shows the 'systems' of a systems-analysis answer (GET /api/system-data/systems-analysis).",
    additionalProperties: false,
  },
);

export type SystemsListOptions = Static<typeof SystemsListOptionsSchema>;
