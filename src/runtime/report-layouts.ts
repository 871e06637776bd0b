/**
 * The layout file of a report id: the system's pages are `systemPage` etc. in the timeframe rules (spec reports §9) but
 * kebab-case files like every other layout (layouts/system-page.json). The portal serves each file as it is on disk
 * (api/report-layout.ts).
 */
const LAYOUT_IDS: Record<string, string> = {
  systemPage: 'system-page',
  machineConfig: 'machine-config',
  serviceTicket: 'service-ticket',
};

export function layoutIdOf(reportId: string): string {
  return LAYOUT_IDS[reportId] ?? reportId;
}
