import type { QueryClient } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { REPORT_LAYOUTS_PATH, reportLayoutQueryOptions } from '../api/report-layout.ts';
import { registerArea, t } from '../i18n/i18n.ts';
import layoutTexts from '../i18n/locales/en-US/layouts.json' with { type: 'json' };
import type { LayoutProblem } from '../shared/api-types.ts';
import type { ReportLayout } from '../shared/layout/layout-types.ts';
import { resolveLayoutTexts } from '../shared/layout/layout-text.ts';

/**
 * The project's layouts/*.json for tests and stories, as GET /api/report-layouts/{id} serves them (the app fetches
 * them; nothing here is in its bundle).
 */
// The layouts' texts, as the layout query loads them (a seeded query does not run it).
registerArea('layouts', layoutTexts);

const LAYOUTS = import.meta.glob<ReportLayout>('/layouts/*.json', { eager: true, import: 'default' });

/**
 * layouts/<id>.json as the runtime hands it to the frame and the panels: its text keys worded in the current language
 * (en-US unless a test changes it). Throws for a layout that does not exist.
 */
export function layoutFixture(id: string): ReportLayout {
  const layout = LAYOUTS[`/layouts/${id}.json`];
  if (layout === undefined) throw new Error(`layouts/${id}.json is missing`);
  return resolveLayoutTexts(layout, (key) => t(key as ParseKeys));
}

/** Every layout's answer by its API path, as served (text keys unworded), for a stubbed API (src/app/testing/fake-api.ts). */
export function layoutAnswersByPath(): Record<string, { layout: ReportLayout }> {
  return Object.fromEntries(
    Object.values(LAYOUTS).map((layout) => [`${REPORT_LAYOUTS_PATH}/${layout.id}`, { layout }]),
  );
}

/** Puts a layout into a query cache as if it had been fetched, with the problems an admin would be shown. */
export function seedReportLayout(queryClient: QueryClient, layout: ReportLayout, problems?: LayoutProblem[]): void {
  queryClient.setQueryData(reportLayoutQueryOptions(layout.id).queryKey, {
    layout,
    ...(problems === undefined ? {} : { problems }),
  });
}
