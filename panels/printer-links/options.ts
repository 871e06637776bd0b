import { Type, type Static } from 'typebox';

/**
 * The options of a printer-links panel (a layout's `panels.<id>.options`): `npm run panels:index` writes this schema into
 * schemas/report-layout.schema.json, where editors complete and describe them and the layout validator checks them.
 */
export const PrinterLinksOptionsSchema = Type.Object(
  {},
  {
    title: 'Printer links options',
    description:
      "None: the panel names the one selected printer of the group's systems (ReportSystems) and links to its System Page, Parameters and Open Ticket.",
    additionalProperties: false,
  },
);

export type PrinterLinksOptions = Static<typeof PrinterLinksOptionsSchema>;
