import { preloadPanelKinds } from '../../panels/registry.ts';
import type { ReportLayout } from '../shared/layout/layout-types.ts';

/**
 * Starts fetching the code a report's panels need (each kind's definition and component): called by the report's frame
 * as soon as its layout has arrived, so the chunks load while the frame still waits for its filter data, not after.
 */
export function preloadReport(layout: ReportLayout): void {
  preloadPanelKinds(Object.values(layout.panels).map((panel) => panel.kind));
}
