import { PANEL_DEFINITION_LOADERS } from '../../../panels/registry.ts';
import type { PanelKind } from '../../../schemas/panel-kinds.ts';

/**
 * Loads what a whole-app report test would otherwise import lazily during its first render: the report runtime and the
 * given kinds' definitions and components. Vitest transforms modules on first import; on a loaded 2-core machine that
 * took longer than one findBy wait (10 s) in whichever test came first. Called from `beforeAll`, so each test's waits
 * measure the test's own work.
 */
export async function preloadReportModules(kinds: readonly PanelKind[]): Promise<void> {
  await import('../../runtime/ReportPage.tsx');
  await Promise.all(kinds.map(async (kind) => (await PANEL_DEFINITION_LOADERS[kind]()).load()));
  // The series chart's drawings (ECharts) load when a chart is first drawn, which a test waiting only for cards leaves to
  // the next test: the Overview suite's second test once waited more than 10 s for it in a loaded CI run.
  if (kinds.includes('series-chart')) {
    await Promise.all([
      import('../../../panels/series-chart/BarsChart.tsx'),
      import('../../../panels/series-chart/ComparisonChart.tsx'),
    ]);
  }
}
