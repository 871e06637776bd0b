/** A system's own pages (spec reports §2: /reports/systems/{subReportType}/{systemName}). */
export type SystemSubReport = 'machine-config' | 'service-ticket' | 'system-page';

/**
 * The links to a system's own pages, in the order of Systems Analysis' actions (spec reports §2: Parameters, Open
 * Ticket, System Page), and their PrimeIcons; every place that links to them shows the same three. Their names are
 * texts: `panels.systemPages.<subReport>` (src/i18n/locales/en-US/panels.json).
 */
export const SYSTEM_PAGE_ACTIONS = [
  { subReport: 'machine-config', icon: 'pi pi-sliders-h' },
  { subReport: 'service-ticket', icon: 'pi pi-ticket' },
  { subReport: 'system-page', icon: 'pi pi-external-link' },
] as const satisfies readonly { subReport: SystemSubReport; icon: string }[];
