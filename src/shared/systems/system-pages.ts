/** A system's own pages (spec reports §2: /reports/systems/{subReportType}/{systemName}). */
export type SystemSubReport = 'machine-config' | 'service-ticket' | 'system-page';

/**
 * The links to a system's own pages, in the order and with the names of Systems Analysis' actions (spec reports §2:
 * Parameters, Open Ticket, System Page), and their PrimeIcons; every place that links to them shows the same three.
 */
export const SYSTEM_PAGE_ACTIONS = [
  { subReport: 'machine-config', label: 'Parameters', icon: 'pi pi-sliders-h' },
  { subReport: 'service-ticket', label: 'Open Ticket', icon: 'pi pi-ticket' },
  { subReport: 'system-page', label: 'System Page', icon: 'pi pi-external-link' },
] as const satisfies readonly { subReport: SystemSubReport; label: string; icon: string }[];
