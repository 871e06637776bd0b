import { describe, expect, it } from 'vitest';
import { budgetTable, checkBudgets } from './budget.ts';
import { dynamicEntriesUnder, jsClosure, type Manifest } from './route-closure.ts';
import { layoutAnswerSchemaModules, layoutFrameModules, layoutPanelModules } from './route-budgets.ts';

/** A small build: an entry with a shared vendor chunk, a lazy page with a lazy chart, and a dialog opened on click. */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/main.js',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['src/Page.tsx'],
    css: ['assets/main.css'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_style.css': { file: 'assets/style.css' },
  'src/Page.tsx': {
    file: 'assets/Page.js',
    isDynamicEntry: true,
    imports: ['_vendor.js', '_page-shared.js', '_style.css'],
    dynamicImports: ['panels/chart/Chart.tsx', 'src/Dialog.tsx'],
  },
  '_page-shared.js': { file: 'assets/page-shared.js', imports: ['_vendor.js'] },
  'panels/chart/Chart.tsx': { file: 'assets/Chart.js', isDynamicEntry: true, imports: ['_page-shared.js'] },
  'panels/chart/model.ts': { file: 'assets/model.js' },
  'src/Dialog.tsx': { file: 'assets/Dialog.js', isDynamicEntry: true },
};

const sizes: Record<string, number> = {
  'assets/main.js': 100,
  'assets/vendor.js': 50,
  'assets/Page.js': 20,
  'assets/page-shared.js': 5,
  'assets/Chart.js': 200,
  'assets/Dialog.js': 70,
};
const gzipBytesOf = (file: string): number => sizes[file] ?? Number.NaN;

describe('jsClosure', () => {
  it('follows static imports once each and leaves dynamic imports and CSS out', () => {
    expect(jsClosure(manifest, ['index.html'])).toEqual(['assets/main.js', 'assets/vendor.js']);
    expect(jsClosure(manifest, ['index.html', 'src/Page.tsx', 'panels/chart/Chart.tsx'])).toEqual([
      'assets/main.js',
      'assets/vendor.js',
      'assets/Page.js',
      'assets/page-shared.js',
      'assets/Chart.js',
    ]);
  });

  it('names a root or an import the manifest lacks', () => {
    expect(() => jsClosure(manifest, ['src/Gone.tsx'])).toThrow('the route list names "src/Gone.tsx"');
    const broken: Manifest = { 'index.html': { file: 'assets/main.js', imports: ['_lost.js'] } };
    expect(() => jsClosure(broken, ['index.html'])).toThrow('index.html names "_lost.js"');
  });
});

describe('dynamicEntriesUnder, layoutPanelModules and layoutAnswerSchemaModules', () => {
  it("finds a panel kind's lazy modules by its folder", () => {
    expect(dynamicEntriesUnder(manifest, 'panels/chart')).toEqual(['panels/chart/Chart.tsx']);
    expect(layoutPanelModules(manifest, { panels: { a: { kind: 'chart' }, b: { kind: 'chart' } } })).toEqual([
      'panels/chart/Chart.tsx',
    ]);
    expect(() => dynamicEntriesUnder(manifest, 'panels/gauge')).toThrow('no lazily loaded module under panels/gauge/');
  });

  it("counts only the series chart's drawings the layout's panels choose by their options", () => {
    const drawings: Manifest = {
      'panels/series-chart/index.ts': { file: 'assets/series-chart.js', isDynamicEntry: true },
      'panels/series-chart/BarsChart.tsx': { file: 'assets/BarsChart.js', isDynamicEntry: true },
      'panels/series-chart/ComparisonChart.tsx': { file: 'assets/ComparisonChart.js', isDynamicEntry: true },
    };
    const panel = (options?: Record<string, unknown>) => ({ kind: 'series-chart', ...(options && { options }) });
    expect(layoutPanelModules(drawings, { panels: { a: panel({ comparison: true }) } })).toEqual([
      'panels/series-chart/index.ts',
      'panels/series-chart/ComparisonChart.tsx',
    ]);
    expect(layoutPanelModules(drawings, { panels: { a: panel(), b: panel({ comparison: false }) } })).toEqual([
      'panels/series-chart/index.ts',
      'panels/series-chart/BarsChart.tsx',
    ]);
    expect(layoutPanelModules(drawings, { panels: { a: panel(), b: panel({ comparison: true }) } })).toHaveLength(3);
  });

  it('counts the answer schemas of the layout queries once each', () => {
    const queries = { a: { answer: 'OverviewCards' }, b: { answer: 'OverviewCards' }, c: { answer: 'Achievements' } };
    expect(layoutAnswerSchemaModules({ queries })).toEqual([
      'schemas/answers/OverviewCards.schema.json',
      'schemas/answers/Achievements.schema.json',
    ]);
  });

  it("counts the fetched frames of the Jobs and system page answers once each, none for the Overview's", () => {
    expect(
      layoutFrameModules({ queries: { a: { answer: 'OverviewCards' }, b: { answer: 'OverviewGraphs' } } }),
    ).toEqual([]);
    const queries = { a: { answer: 'JobGraphs' }, b: { answer: 'JobTotalDataCards' }, c: { answer: 'SystemInkTable' } };
    expect(layoutFrameModules({ queries })).toEqual([
      'src/shared/contract/jobs.frames.ts',
      'src/shared/contract/system-page.frames.ts',
    ]);
  });
});

describe('checkBudgets', () => {
  const budgets = [
    { name: 'entry', roots: ['index.html'], maxGzipBytes: 150 },
    { name: '/page', roots: ['index.html', 'src/Page.tsx', 'panels/chart/Chart.tsx'], maxGzipBytes: 300 },
  ];

  it("sums each route's gzip bytes and marks the ones over budget", () => {
    const results = checkBudgets(manifest, budgets, gzipBytesOf);
    expect(results.map(({ name, gzipBytes, over }) => ({ name, gzipBytes, over }))).toEqual([
      { name: 'entry', gzipBytes: 150, over: false },
      { name: '/page', gzipBytes: 375, over: true },
    ]);
  });

  it('prints one row per route with its size, budget and verdict', () => {
    const table = budgetTable(checkBudgets(manifest, budgets, gzipBytesOf)).split('\n');
    expect(table).toHaveLength(3);
    expect(table[0]).toMatch(/^JavaScript of\s+files\s+gzip\s+budget$/);
    expect(table[1]).toMatch(/^entry\s+2\s+0\.1 KB\s+0\.1 KB\s+ok$/);
    expect(table[2]).toMatch(/^\/page\s+5\s+0\.4 KB\s+0\.3 KB\s+OVER by 0\.1 KB$/);
  });
});
