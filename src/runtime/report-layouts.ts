import type { ReportLayout } from '../shared/layout/layout-types.ts';

/**
 * Every layouts/*.json, bundled at build. They are validated there (and at server start), so the browser
 * trusts them and never runs ajv (the CSP forbids the code generation it needs).
 */
const modules = import.meta.glob<ReportLayout>('/layouts/*.json', { eager: true, import: 'default' });

const layoutsById = new Map(Object.values(modules).map((layout) => [layout.id, layout]));

export function getReportLayout(reportId: string): ReportLayout | undefined {
  return layoutsById.get(reportId);
}

export function reportLayoutIds(): string[] {
  return [...layoutsById.keys()].sort();
}

/**
 * The layout file of a report id: the system's pages are `systemPage` etc. in the timeframe rules (spec reports §9) but
 * kebab-case files like every other layout (layouts/system-page.json).
 */
const LAYOUT_IDS: Record<string, string> = {
  systemPage: 'system-page',
  machineConfig: 'machine-config',
  serviceTicket: 'service-ticket',
};

export function layoutIdOf(reportId: string): string {
  return LAYOUT_IDS[reportId] ?? reportId;
}
