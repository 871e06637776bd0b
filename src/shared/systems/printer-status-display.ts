import type { PortalPrinterStatus } from '../contract/reports.contract.ts';

/**
 * Status colours of a printer's status dot and bar: the timeline colours of spec reports §9; Preparation has none
 * there and takes the portal's accent blue.
 */
export const PRINTER_STATUS_COLOURS: Readonly<Record<PortalPrinterStatus, string>> = {
  Printing: '#1BB934',
  Preparation: '#2F9BD8',
  Idle: '#5E7EBF',
  NotReporting: '#C5D0DE',
  Maintenance: '#FFAB2B',
  Error: '#FF404F',
};

// Their names as people read them are texts: `panels.status.<status>` (src/i18n/locales/en-US/panels.json).
