import { readFileSync } from 'node:fs';
import type { Budget } from './budget.ts';
import { dynamicEntriesUnder, type Manifest } from './route-closure.ts';

const KB = 1024;
/** Issue #11's budgets: the entry, and every report route. */
const ENTRY_BUDGET = 150 * KB;
const REPORT_BUDGET = 300 * KB;
/**
 * Ratchets, not targets: the routes that cannot meet REPORT_BUDGET stay at most at what they load today (measured
 * 2026-11-27; docs/benchmarks.md "JavaScript budgets" has the history and the breakdown).
 * Every route starts from the entry (124.1 KB: React DOM 99 KB of its modules, the router, react-query, xstate, the shell with
 * the period kept between reports)
 * and MSAL (70.7 KB in two chunks). The chart routes add ECharts' minimal set (bar, line, grid, tooltip, SVG: 175.6 KB),
 * so they cannot go below about 370 KB with the fixed packages: Overview 432.7 (with the printer-links kind of the
 * Overview's one-printer strip), Jobs 499.0 (also PrimeReact's
 * MultiSelect and SelectButton for its colour select and job summary), Live Dashboard 420.2 KB. Systems Analysis 375.1 KB
 * is PrimeReact's DataTable and its component base (systems-list). Lower a ratchet when its route shrinks.
 * Raised once, 2026-11-28, by the outage handling every page needs in hand before an outage (issue #32: the retrying
 * chunk loader, the self-recovering error screen, the connection-health store, its probe and the stale-data line:
 * 1.3–1.7 KB per route; a lazy chunk cannot serve, it would fail during the outage it is for).
 * Raised by 1 KB, 2026-11-28, for the refresh-token revocation at logout (issue #31: src/app/auth/token-revocation.ts,
 * 0.7 KB in the MSAL chunk: MSAL's network module must note the refresh token from the first token answer on).
 * Jobs raised by 1 KB, 2026-11-28, for the data frames (issue #26: the runtime's frame adapters and the period frame,
 * +1.7 KB in the ReportPage chunk, every route grew 2.7–3.1 KB; the others stayed under their ratchets).
 */
const OVERVIEW_RATCHET = 436 * KB;
const SYSTEMS_RATCHET = 378 * KB;
const JOBS_RATCHET = 503 * KB;
const TV_RATCHET = 424 * KB;

/** What every signed-in page loads before its own code: the entry, its static imports and MSAL (loaded at start). */
const APP_START = ['index.html', 'src/app/auth/msal-client.ts'];

/** What the budgets read of a layout: its panels' kinds and its queries' answer schemas. */
interface LayoutModules {
  panels: Record<string, { kind: string }>;
  queries: Record<string, { answer: string }>;
}

/** The lazily loaded modules of a layout's panels: `panels/<kind>/` for each kind the layout places. */
export function layoutPanelModules(manifest: Manifest, layout: Pick<LayoutModules, 'panels'>): string[] {
  const kinds = [...new Set(Object.values(layout.panels).map((panel) => panel.kind))];
  return kinds.flatMap((kind) => dynamicEntriesUnder(manifest, `panels/${kind}`));
}

/** The answer schemas a layout's queries name (schemas/answers/, each fetched lazily by the runtime's answer check). */
export function layoutAnswerSchemaModules(layout: Pick<LayoutModules, 'queries'>): string[] {
  const answers = new Set(Object.values(layout.queries).map((query) => query.answer));
  return [...answers].map((answer) => `schemas/answers/${answer}.schema.json`);
}

/** Everything a layout fetches lazily on a desktop page load: its panel kinds and its answer schemas. */
function layoutModules(manifest: Manifest, id: string): string[] {
  const file = new URL(`../../layouts/${id}.json`, import.meta.url);
  const layout = JSON.parse(readFileSync(file, 'utf8')) as LayoutModules;
  return [...layoutPanelModules(manifest, layout), ...layoutAnswerSchemaModules(layout)];
}

/**
 * The JavaScript budgets of issue #11 (gzip): the entry, and each report route with the lazy chunks it fetches on a
 * desktop page load (dialogs opened by a click and the mobile drawer are not counted).
 */
export function routeBudgets(manifest: Manifest): Budget[] {
  const report = (name: string, modules: readonly string[], maxGzipBytes = REPORT_BUDGET): Budget => ({
    name,
    roots: [...APP_START, ...modules],
    maxGzipBytes,
  });
  return [
    { name: 'entry (index.html and its static imports)', roots: ['index.html'], maxGzipBytes: ENTRY_BUDGET },
    report(
      '/reports/overview',
      ['src/app/pages/OverviewPage.tsx', 'src/runtime/ReportPage.tsx', ...layoutModules(manifest, 'overview')],
      OVERVIEW_RATCHET,
    ),
    report(
      '/reports/systems',
      [
        'src/app/pages/SystemsAnalysisPage/SystemsAnalysisPage.tsx',
        'src/runtime/ReportPage.tsx',
        ...layoutModules(manifest, 'systems'),
      ],
      SYSTEMS_RATCHET,
    ),
    report('/reports/systems/:subReportType/:systemName', [
      'src/app/pages/SystemSubReportPage.tsx',
      'src/runtime/ReportPage.tsx',
      // One route, three layouts: counted together, so the budget holds whichever of them is opened.
      ...new Set([
        ...layoutModules(manifest, 'system-page'),
        ...layoutModules(manifest, 'machine-config'),
        ...layoutModules(manifest, 'service-ticket'),
      ]),
    ]),
    report(
      '/reports/jobs',
      [
        'src/app/pages/JobsAnalysisPage/JobsAnalysisPage.tsx',
        'src/runtime/ReportPage.tsx',
        ...layoutModules(manifest, 'jobs'),
      ],
      JOBS_RATCHET,
    ),
    report(
      '/reports/tv-dashboard',
      [
        'src/app/pages/TvDashboardPage/TvDashboardPage.tsx',
        'src/runtime/ReportPage.tsx',
        ...layoutModules(manifest, 'tv-dashboard'),
      ],
      TV_RATCHET,
    ),
  ];
}
