import { readFileSync } from 'node:fs';
import type { Budget } from './budget.ts';
import { SERIES_CHART_DRAWINGS, seriesChartDrawing } from '../../panels/series-chart/drawing.ts';
import { dynamicEntriesUnder, type Manifest } from './route-closure.ts';
import { FETCHED_FRAME_ANSWERS, type FetchedFrames } from '../../src/runtime/answer-frame-reader.ts';
import type { AnswerSchemaName } from '../../src/shared/contract/answer-schemas.ts';

const KB = 1024;
/** Issue #11's budgets: the entry, and every report route. */
const ENTRY_BUDGET = 150 * KB;
const REPORT_BUDGET = 300 * KB;
/**
 * Ratchets, not targets: the routes that cannot meet REPORT_BUDGET stay at most at what they load today (docs/benchmarks.md
 * "JavaScript budgets" has the history and the breakdown). Every route starts from the entry (144.5 KB, measured
 * 2026-11-28: React DOM, the router, react-query, xstate, i18next with react-i18next, the shell — one file,
 * src/server/static/vite-chunk-groups.ts) and MSAL (71.3 KB in two chunks); every report adds its runtime (24.7 KB, one
 * file: frame, filters, grid, panel frame, query). The chart routes add ECharts' minimal set (grid, tooltip, SVG: 159
 * KB, plus its bar series 8 KB and line series 10 KB, each loaded only by the kinds that draw it), so they cannot go much
 * below 400 KB with the fixed packages.
 * Held at their values from before i18next (2026-11-28, issue #27: i18next and the texts moved into it, 25–34 KB per
 * route, paid back by a static grid without react-grid-layout's dragging and resizing code, 18 KB per report; one file
 * for what always loads together, 8 KB on the entry, 13–16 KB per report; the series types per kind and no ECharts
 * Chinese texts, 6.5–8.5 KB on Jobs and the Live Dashboard, +1.7 KB on the Overview, which draws both series types):
 * Overview 434.6 KB (ratchet 436), Systems Analysis 377.4 KB (PrimeReact's DataTable and its component base, ratchet
 * 378), Live Dashboard 419.0 KB (ratchet 424). Jobs 491.7 KB (PrimeReact's MultiSelect and SelectButton, ratchet 497,
 * from 503). Lower a ratchet when its route shrinks.
 * Earlier raises, 2026-11-28, still inside these values: the outage handling every page needs in hand before an outage
 * (issue #32: the retrying chunk loader, the self-recovering error screen, the connection-health store, its probe and
 * the stale-data line, 1.3–1.7 KB per route; a lazy chunk cannot serve, it would fail during the outage it is for); the
 * refresh-token revocation at logout (issue #31: src/app/auth/token-revocation.ts, 0.7 KB in the MSAL chunk); the data
 * frames (issue #26: the runtime's frame adapters and the period frame, 2.7–3.1 KB per route).
 * Systems Analysis raised 378 → 380 KB on 2026-11-29 (378.9 KB): the KPI and series frame adapters in the chunk every
 * report shares (issue #26, 0.6 KB), content-sized grid items (issue #25, 0.35 KB), the memoised panel and the
 * previous-period prefetch (issue #30, about 0.4 KB). Still far inside the 440 KB of a chart route.
 * 2026-11-29, issue #26 (one series kind): the Overview's charts became `series-chart` panels (the series frame and its
 * Overview adapters, the comparison drawing, 2.4 KB) and layouts' texts became keys with their words in a chunk of their
 * own (issue #27, 1.1 KB): Overview raised 436 → 440 KB (439.0 KB), the issue's budget of a chart route, so it has no
 * headroom left; Jobs lowered 497 → 495 KB (494.0 KB: the ink chart and the KPI charts are one kind now).
 * 2026-11-29, session 16: no PrimeReact on Jobs before a click. The colour picker draws the closed MultiSelect itself
 * until first used (`ChipMultiSelect`, src/runtime/panel-sdk-multi-select.tsx: PrimeReact's MultiSelect, component base,
 * virtual scroller, tooltip and icons load at its first click or focus) and the DTF pages and the Systems view toggle
 * are the panel SDK's `ToggleButtons` (src/runtime/panel-sdk-toggle.tsx) instead of SelectButton: Jobs 494.0 → 438.2 KB
 * (ratchet 495 → 439, inside the 440 KB of a chart route), Systems Analysis 379.3 → 378.5 KB (ratchet 380 → 379).
 * 2026-11-29, session 17: the Jobs Analysis and system page answers' frame adapters left the report runtime (fetched with
 * those answers, src/runtime/answer-frame-reader.ts; 1.3 KB) and @xstate/react uses React's own useSyncExternalStore
 * instead of its shim (0.15 KB); the group toggle became ToggleButtons (+0.3 KB): Overview 439.8 → 438.3 KB (ratchet
 * 440 → 439). With the in-place panels and the idle prefetch beside them (issue #30, +0.2 KB), at integration: Overview
 * 438.5, Systems Analysis 376.0 (ratchet 379 → 377), Jobs 436.7 (439 → 438), Live Dashboard 420.9 KB (424 → 422).
 * 2026-11-30, session 21 (issue #30): a panel keeps its content under the placeholder while a change's answer loads (the
 * next answer updates it in place), the click's own prefetch hint and the session's token without MSAL's cache read
 * (about 0.3 KB in the chunk every report shares): Overview 439.0 KB (ratchet 439 → 440, the issue's budget of a chart
 * route: no headroom left), Jobs 438.1 KB (438 → 439).
 */
const OVERVIEW_RATCHET = 440 * KB;
const SYSTEMS_RATCHET = 377 * KB;
const JOBS_RATCHET = 439 * KB;
const TV_RATCHET = 422 * KB;

/** What every signed-in page loads before its own code: the entry, its static imports and MSAL (loaded at start). */
const APP_START = ['index.html', 'src/app/auth/msal-client.ts'];

/** What the budgets read of a layout: its panels' kinds and options, and its queries' answer schemas. */
interface LayoutModules {
  panels: Record<string, { kind: string; options?: Record<string, unknown> }>;
  queries: Record<string, { answer: string }>;
}

/** Kinds whose panels load one of several lazily loaded drawings, chosen by the panel's options (file names in the kind's folder). */
const DRAWINGS_BY_OPTIONS: Record<
  string,
  { all: readonly string[]; chosen: (options: Record<string, unknown>) => string }
> = {
  'series-chart': {
    all: Object.values(SERIES_CHART_DRAWINGS),
    chosen: (options) => SERIES_CHART_DRAWINGS[seriesChartDrawing(options)],
  },
};

/**
 * The lazily loaded modules of a layout's panels: `panels/<kind>/` for each kind the layout places, without the
 * drawings no panel of the layout chooses.
 */
export function layoutPanelModules(manifest: Manifest, layout: Pick<LayoutModules, 'panels'>): string[] {
  const panels = Object.values(layout.panels);
  const kinds = [...new Set(panels.map((panel) => panel.kind))];
  return kinds.flatMap((kind) => {
    const modules = dynamicEntriesUnder(manifest, `panels/${kind}`);
    const drawings = DRAWINGS_BY_OPTIONS[kind];
    if (drawings === undefined) return modules;
    const chosen = new Set(
      panels.filter((panel) => panel.kind === kind).map((panel) => drawings.chosen(panel.options ?? {})),
    );
    const unchosen = drawings.all.filter((file) => !chosen.has(file)).map((file) => `panels/${kind}/${file}`);
    return modules.filter((module) => !unchosen.includes(module));
  });
}

/** The answer schemas a layout's queries name (schemas/answers/, each fetched lazily by the runtime's answer check). */
export function layoutAnswerSchemaModules(layout: Pick<LayoutModules, 'queries'>): string[] {
  const answers = new Set(Object.values(layout.queries).map((query) => query.answer));
  return [...answers].map((answer) => `schemas/answers/${answer}.schema.json`);
}

/** The modules of the answers' frames the report runtime does not carry (src/runtime/answer-frame-reader.ts). */
const FETCHED_FRAME_MODULES: Record<FetchedFrames, string> = {
  jobs: 'src/shared/contract/jobs.frames.ts',
  systemPage: 'src/shared/contract/system-page.frames.ts',
};

/** The frames modules a layout's queries' answers are fetched with. */
export function layoutFrameModules(layout: Pick<LayoutModules, 'queries'>): string[] {
  const fetched = Object.values(layout.queries).map((query) => FETCHED_FRAME_ANSWERS[query.answer as AnswerSchemaName]);
  return [...new Set(fetched)].flatMap((frames) => (frames === undefined ? [] : [FETCHED_FRAME_MODULES[frames]]));
}

/** Everything a layout fetches lazily on a desktop page load: its panel kinds, its answer schemas and frames. */
function layoutModules(manifest: Manifest, id: string): string[] {
  const file = new URL(`../../layouts/${id}.json`, import.meta.url);
  const layout = JSON.parse(readFileSync(file, 'utf8')) as LayoutModules;
  return [...layoutPanelModules(manifest, layout), ...layoutAnswerSchemaModules(layout), ...layoutFrameModules(layout)];
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
