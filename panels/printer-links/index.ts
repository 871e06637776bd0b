import { definePanel } from '../../src/runtime/panel-definition.ts';
import { PRINTER_LINKS_ANSWERS, selectPrinterLinks } from './model.ts';
import { PrinterLinksOptionsSchema } from './options.ts';

/** The printer-links kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: 'printer-links',
  title: 'Printer links',
  description:
    "The one printer the machine filter narrowed a report to (serial, nickname, model, status now, last update) with links to its System Page, Parameters and Open Ticket that keep the report's date; place it with onlyForOneSystem.",
  optionsSchema: PrinterLinksOptionsSchema,
  answers: PRINTER_LINKS_ANSWERS,
  minSize: { w: 4, h: 2 },
  drawsOwnTitle: false,
  placeholder: 'card',
  selectData: selectPrinterLinks,
  load: () => import('./PrinterLinksPanel.tsx').then((module) => module.PrinterLinksPanel),
});
