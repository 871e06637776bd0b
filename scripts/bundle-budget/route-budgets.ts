import { readFileSync } from 'node:fs';
import type { Budget } from './budget.ts';
import { dynamicEntriesUnder, type Manifest } from './route-closure.ts';

const KB = 1024;
/** Issue #11's budgets: the entry, and every report route. */
const ENTRY_BUDGET = 150 * KB;
const REPORT_BUDGET = 300 * KB;
/**
 * Ratchets, not targets: the two routes that cannot meet REPORT_BUDGET yet stay at most at what they load today.
 * Overview 495 → 496 KB for the runtime's check of each answer against its schema (issue #11: the check and the four
 * answer schemas its queries name, 3.7 KB), then 492 KB once the chart stopped handing echarts-for-react the whole
 * `echarts/core` namespace (4.6 KB of exports that tree-shaking had to keep).
 * Overview: ECharts (line, bar, grid, tooltip, SVG — already minimal) is 182 KB of its 491 KB, MSAL 70 KB, React DOM
 * ~60 KB. Systems Analysis: PrimeReact's DataTable and its dialogs (the systems-list panel kind), and since it is
 * layouts/systems.json the layout runtime (react-grid-layout, ReportPage): 367 → 396 KB. Lower them as those
 * shrink; docs/benchmarks.md "JavaScript budgets" has the breakdown.
 * Issue 12 (Jobs Analysis): Overview 496 → 503 KB and Systems 400 → 407 KB for the registry's eager metadata of the four new
 * kinds (options schemas, selectors); Jobs Analysis 525 KB: the layout runtime, ECharts (shared with Overview, 182 KB),
 * PrimeReact's MultiSelect (colour select) and SelectButton, its six kinds and four answer schemas.
 * Issue 13 (system page, machine config, service ticket; measured 2026-11-25): Overview 503 → 505 KB, Systems 407 → 415 KB
 * and Jobs 525 → 527 KB for the registry's eager metadata of the eleven new kinds (options schemas, selectors and their
 * formatting; about 0.6 KB gzip a kind, every report route carries the whole registry). The sub-report route
 * (/reports/systems/{system-page|machine-config|service-ticket}/…) 338.3 KB: the entry and MSAL (213 KB, what the TV
 * dashboard placeholder loads), then 125.5 KB for the layout runtime with react-grid-layout (as on every layout route),
 * the twelve kinds of its three layouts (the eleven new ones draw with HTML and CSS: no ECharts, no PrimeReact) and
 * its ten answer schemas.
 * The job-kpi-chart kind (Jobs Analysis KPIs): every route +0.9 KB, Jobs about +4 KB.
 * Measured on main after merging issues 12, 13 and 15 (23 kinds): Overview 507.0, Systems 416.2, system pages 340.5,
 * Jobs 533.2, Live Dashboard 504.3 KB. Every kind adds 0.6–0.9 KB to every route because panels/panel-index.generated.ts
 * imports each kind's index.ts (options schema, selector) eagerly; loading a layout's kinds' metadata lazily is the fix.
 * Issue 12's period between reports (the navigation's links open a report on the period last applied, so the shell now
 * holds the period rule and the §9 timeframe table) and the panel SDK's useElementSize (job-kpi-chart's chart fills what
 * its figures leave): measured 2026-11-27 Overview 508.1, Systems 417.2, system pages 341.6, Jobs 534.3, Live Dashboard
 * 505.3 KB, each over its earlier ratchet by 0.1–0.6 KB.
 */
const OVERVIEW_RATCHET = 509 * KB;
const SYSTEMS_RATCHET = 418 * KB;
const JOBS_RATCHET = 535 * KB;
const SYSTEM_PAGES_RATCHET = 342 * KB;
/**
 * Issue #15 (Live Dashboard): 496.3 KB measured (2026-11-25): the layout runtime, ECharts (shared with Overview, 182 KB),
 * its two kinds (shift-performance, xmr-chart), the live stream client and its answer schema. Systems 407 → 408 KB
 * (407.9 measured) for the registry's eager metadata of those two kinds.
 */
const TV_RATCHET = 506 * KB;

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
    report(
      '/reports/systems/:subReportType/:systemName',
      [
        'src/app/pages/SystemSubReportPage.tsx',
        'src/runtime/ReportPage.tsx',
        // One route, three layouts: counted together, so the budget holds whichever of them is opened.
        ...new Set([
          ...layoutModules(manifest, 'system-page'),
          ...layoutModules(manifest, 'machine-config'),
          ...layoutModules(manifest, 'service-ticket'),
        ]),
      ],
      SYSTEM_PAGES_RATCHET,
    ),
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
