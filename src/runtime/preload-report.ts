import { preloadPanelKinds } from '../../panels/registry.ts';
import { getReportLayout } from './report-layouts.ts';

/**
 * Starts fetching the code a report's panels need (each kind's definition and component): called by the report's frame
 * as it opens, so the chunks load while the frame still waits for its filter data, not after.
 */
export function preloadReport(layoutId: string): void {
  const layout = getReportLayout(layoutId);
  if (layout !== undefined) preloadPanelKinds(Object.values(layout.panels).map((panel) => panel.kind));
}
