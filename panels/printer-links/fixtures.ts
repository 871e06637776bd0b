import type { PrinterLinksAnswer } from './model.ts';
import type { PrinterLinksOptions } from './options.ts';

/** Options as a layout gives them (the kind has none). */
export const PRINTER_LINKS_OPTIONS: PrinterLinksOptions = {};

/** The serial the machine filter selected in the stories and tests. */
export const PRINTER_LINKS_SERIAL = 'DTG-10001';

/** GET /api/reports/systems: the group's systems with their status now and last update. */
export const PRINTER_LINKS_ANSWER: PrinterLinksAnswer = [
  {
    serialNumber: PRINTER_LINKS_SERIAL,
    systemNickName: 'Line 3',
    systemModel: 'Storm Hybrid',
    printerStatus: 'Printing',
    lastUpdate: '2024-03-05T09:30:00.000Z',
  },
  {
    serialNumber: 'DTG-10002',
    systemNickName: null,
    systemModel: 'Storm Hybrid',
    printerStatus: 'NotReporting',
    lastUpdate: null,
  },
];

/** The link target the stories' and tests' capability gives: the report's query string kept. */
export function fixtureSystemLink(subReport: string, serialNumber: string): string {
  return `/reports/systems/${subReport}/${encodeURIComponent(serialNumber)}?selectedSystemGroup=DTG&timeframe=day&day=2024-03-05`;
}
