import type { Static } from 'typebox';
import { panelOptionsSchema } from '../../src/runtime/panel-sdk-options.ts';

/** The options of a printer-links panel (a layout's `panels.<id>.options`). */
export const PrinterLinksOptionsSchema = panelOptionsSchema({
  title: 'Printer links options',
  description:
    "None: the panel names the one selected printer of the group's systems (ReportSystems) and links to its System Page, Parameters and Open Ticket.",
});

export type PrinterLinksOptions = Static<typeof PrinterLinksOptionsSchema>;
