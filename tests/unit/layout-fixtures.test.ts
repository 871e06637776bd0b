import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAYOUT_CATALOG } from '../../schemas/layout-catalog.ts';
import layoutSchema from '../../schemas/report-layout.schema.json' with { type: 'json' };
import { ANSWER_SCHEMA_NAMES } from '../../src/shared/contract/answer-schemas.ts';
import { checkLayouts } from '../../src/server/layouts/check-layouts.ts';
import { LAYOUT_BREAKPOINTS, type LayoutQuery, type ReportLayout } from '../../src/shared/layout/layout-types.ts';
import { checkLayoutText } from '../../src/shared/layout/check-layout-text.ts';
import { formatLayoutIssue, validateLayout } from '../../src/shared/layout/validate-layout.ts';
import type { ReportFilterName } from '../../src/shared/report-filters.ts';

const run = promisify(execFile);

async function jsonFiles(dir: string): Promise<string[]> {
  return (await readdir(dir))
    .filter((name) => name.endsWith('.json') && !name.endsWith('.expected.json'))
    .sort()
    .map((name) => path.join(dir, name));
}

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await readFile(file, 'utf8')) as unknown;
}

interface Expected {
  pointer: string;
  /** Where the pointer's key (or array element) is written in the fixture. */
  line: number;
  column: number;
  messageContains: string;
  suggestion?: string;
}

const validFiles = [...(await jsonFiles('layouts')), ...(await jsonFiles('schemas/examples/valid'))];
const invalidFiles = await jsonFiles('schemas/examples/invalid');

describe('layout fixtures', () => {
  it('has the fixtures the suite relies on', () => {
    expect(validFiles).toContain(path.join('layouts', 'overview.json'));
    expect(validFiles.length).toBeGreaterThanOrEqual(3);
    expect(invalidFiles.length).toBeGreaterThanOrEqual(5);
  });

  it.each(validFiles)('%s is valid, without warnings', async (file) => {
    const result = validateLayout(await readJson(file), file, LAYOUT_CATALOG);
    expect(result.errors.map(formatLayoutIssue)).toEqual([]);
    expect(result.warnings.map(formatLayoutIssue)).toEqual([]);
    expect(result.layout).not.toBeNull();
  });

  it.each(invalidFiles)('%s fails with its expected pointer, line, column and message', async (file) => {
    const expected = (await readJson(file.replace(/\.json$/, '.expected.json'))) as Expected;
    const result = checkLayoutText(await readFile(file, 'utf8'), file, LAYOUT_CATALOG);
    expect(result.layout).toBeNull();
    expect(result.errors).toContainEqual(
      expect.objectContaining({
        file,
        pointer: expected.pointer,
        line: expected.line,
        column: expected.column,
        message: expect.stringContaining(expected.messageContains) as unknown,
        ...(expected.suggestion === undefined ? {} : { suggestion: expected.suggestion }),
      }),
    );
  });

  it('lists the filters of ReportFilters in the schema', () => {
    const everyFilter: Record<ReportFilterName, true> = {
      systemGroup: true,
      timeframe: true,
      day: true,
      period: true,
      systems: true,
      jobSizes: true,
      printModes: true,
      system: true,
      systemId: true,
    };
    expect([...layoutSchema.$defs.filterName.enum].sort()).toEqual(Object.keys(everyFilter).sort());
  });

  it('lists the answer schemas of ANSWER_SCHEMAS in the schema', () => {
    expect(layoutSchema.$defs.answerName.enum).toEqual(ANSWER_SCHEMA_NAMES);
  });

  it('lists the breakpoints of the runtime in the schema', () => {
    expect(Object.keys(layoutSchema.properties.placement.properties)).toEqual([...LAYOUT_BREAKPOINTS]);
  });
});

describe('formatLayoutIssue', () => {
  it('prints file:line:column, pointer, message and suggestion on one line', () => {
    expect(
      formatLayoutIssue({
        file: 'layouts/overview.json',
        pointer: '/panels/total/kind',
        line: 21,
        column: 7,
        message: "unknown panel kind 'kpi-crad'",
        suggestion: "did you mean 'kpi-card'?",
      }),
    ).toBe("layouts/overview.json:21:7: /panels/total/kind: unknown panel kind 'kpi-crad' (did you mean 'kpi-card'?)");
  });

  it('leaves out an empty pointer, a missing position and a missing suggestion', () => {
    expect(
      formatLayoutIssue({ file: 'layouts/a.json', pointer: '', message: 'invalid JSON: x', line: 2, column: 3 }),
    ).toBe('layouts/a.json:2:3: invalid JSON: x');
    expect(formatLayoutIssue({ file: 'layouts/a.json', pointer: '/id', message: 'bad id' })).toBe(
      'layouts/a.json: /id: bad id',
    );
  });
});

describe('validateLayout semantics', () => {
  const overview = async () => (await readJson('layouts/overview.json')) as ReportLayout;

  it('requires the id to equal the file name', async () => {
    const result = validateLayout(await overview(), 'layouts/overview-copy.json', LAYOUT_CATALOG);
    expect(result.errors.map(formatLayoutIssue)).toEqual([
      "layouts/overview-copy.json: /id: id 'overview' must equal the file name 'overview-copy'",
    ]);
  });

  it('warns about a panel that is never placed and a query no panel uses', async () => {
    const layout = await overview();
    for (const breakpoint of LAYOUT_BREAKPOINTS) layout.placement[breakpoint] = [];
    layout.queries['unused'] = {
      endpoint: '/api/reports/systems',
      method: 'GET',
      answer: 'ReportSystems',
      dependsOn: [],
    };
    const result = validateLayout(layout, 'layouts/overview.json', LAYOUT_CATALOG);
    expect(result.errors).toEqual([]);
    expect(result.layout).not.toBeNull();
    expect(result.warnings.map(formatLayoutIssue)).toEqual([
      "layouts/overview.json: /queries/unused: query 'unused' is not used by any panel",
      ...Object.keys(layout.panels).map(
        (id) => `layouts/overview.json: /panels/${id}: panel '${id}' is not placed at any breakpoint`,
      ),
    ]);
  });

  it('gives warnings a line and column too, without blocking the layout', () => {
    const text = [
      '{',
      '  "id": "overview",',
      '  "title": "Overview",',
      '  "queries": { "cards": { "endpoint": "/api/x", "method": "GET", "answer": "OverviewCards", "dependsOn": [] } },',
      '  "panels": {',
      '    "lonely": { "kind": "kpi-card", "title": "T", "query": "cards", "frame": "totalProduction", "options": { "labels": { "DTG": "A" } } }',
      '  },',
      '  "placement": { "desktop": [], "compact": [], "mobile": [] }',
      '}',
    ].join('\n');
    const result = checkLayoutText(text, 'layouts/overview.json', LAYOUT_CATALOG);
    expect(result.errors).toEqual([]);
    expect(result.layout).not.toBeNull();
    expect(result.warnings.map(formatLayoutIssue)).toEqual([
      "layouts/overview.json:6:5: /panels/lonely: panel 'lonely' is not placed at any breakpoint",
    ]);
  });

  it('rejects overlapping, duplicate and too small grid items', async () => {
    const layout = await overview();
    layout.placement.desktop = [
      { panel: 'totalProduction', x: 0, y: 0, w: 3, h: 3 },
      { panel: 'totalProduction', x: 2, y: 1, w: 1, h: 2 },
    ];
    const messages = validateLayout(layout, 'layouts/overview.json', LAYOUT_CATALOG).errors.map(formatLayoutIssue);
    expect(messages).toEqual([
      "layouts/overview.json: /placement/desktop/1/panel: panel 'totalProduction' is already placed at /placement/desktop/0",
      'layouts/overview.json: /placement/desktop/1/w: a kpi-card needs at least 2 columns',
      'layouts/overview.json: /placement/desktop/1/h: a kpi-card needs at least 3 rows',
      "layouts/overview.json: /placement/desktop/1: overlaps /placement/desktop/0 (panel 'totalProduction')",
    ]);
  });

  it('rejects a body on a GET query', async () => {
    const layout = await overview();
    (layout.queries['overviewCards'] as LayoutQuery).method = 'GET';
    expect(validateLayout(layout, 'layouts/overview.json', LAYOUT_CATALOG).errors.map(formatLayoutIssue)).toEqual([
      'layouts/overview.json: /queries/overviewCards/body: a GET query has no body; use params',
    ]);
  });

  it('names the closest answer schema for an unknown one', async () => {
    const layout = await overview();
    (layout.queries['overviewCards'] as { answer: string }).answer = 'OverviewCard';
    expect(validateLayout(layout, 'layouts/overview.json', LAYOUT_CATALOG).errors).toEqual([
      {
        file: 'layouts/overview.json',
        pointer: '/queries/overviewCards/answer',
        message: "unknown answer schema 'OverviewCard'",
        suggestion: "did you mean 'OverviewCards'?",
      },
    ]);
  });

  it('requires every query to name its answer schema', async () => {
    const layout = await overview();
    delete (layout.queries['oeeCard'] as Partial<LayoutQuery>).answer;
    expect(validateLayout(layout, 'layouts/overview.json', LAYOUT_CATALOG).errors.map(formatLayoutIssue)).toEqual([
      "layouts/overview.json: /queries/oeeCard: missing required key 'answer'",
    ]);
  });

  it('rejects a panel bound to a query whose answer its kind does not show', async () => {
    const layout = await overview();
    (layout.queries['achievements'] as LayoutQuery).answer = 'OverviewOee';
    (layout.queries['oeeCard'] as LayoutQuery).answer = 'Achievements';
    expect(validateLayout(layout, 'layouts/overview.json', LAYOUT_CATALOG).errors.map(formatLayoutIssue)).toEqual([
      // kpi-card draws KPI frames: the answer offers no frame of that name.
      "layouts/overview.json: /panels/oee/frame: the answer 'Achievements' of query 'oeeCard' offers no frame 'oee'; a kpi-card shows kpi frames, and 'Achievements' offers none",
      "layouts/overview.json: /panels/goals/query: query 'achievements' answers 'OverviewOee', which a goals cannot show; it shows 'Achievements'",
    ]);
  });

  it('lists the allowed keys when nothing is close to an unknown key', async () => {
    const layout = { ...(await overview()), comments: 'x' };
    expect(validateLayout(layout, 'layouts/overview.json', LAYOUT_CATALOG).errors).toEqual([
      {
        file: 'layouts/overview.json',
        pointer: '/comments',
        message:
          "unknown key 'comments'; expected one of '$schema', 'id', 'title', 'queries', 'panels', 'placement', 'rules'",
      },
    ]);
  });
});

describe('checkLayouts', () => {
  let dir = '';
  /** `file:line:column` of the misspelt kind in bad.json, found in the text written (overview.json grows). */
  let badKind = '';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'layouts-'));
    const overview = (await readJson('layouts/overview.json')) as {
      id: string;
      panels: Record<string, { kind: string }>;
    };
    await writeFile(path.join(dir, 'good.json'), JSON.stringify({ ...overview, id: 'good' }));
    const bad = structuredClone(overview);
    bad.id = 'bad';
    (bad.panels['totalProduction'] as { kind: string }).kind = 'kpi-crad';
    const badText = JSON.stringify(bad, null, 2);
    await writeFile(path.join(dir, 'bad.json'), badText);
    const kindLine = badText.split('\n').findIndex((line) => line.includes('"kpi-crad"'));
    badKind = `${path.join(dir, 'bad.json')}:${kindLine + 1}:7`;
    await writeFile(path.join(dir, 'broken.json'), '{\n  "id": "broken",\n  "title": "Broken"\n  "queries": {}\n}\n');
    await writeFile(path.join(dir, 'notes.txt'), 'not a layout');
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reports each file of a folder with its pointer and problem, and JSON syntax errors with line and column', async () => {
    const { files, errors, warnings } = await checkLayouts([dir]);
    expect(files).toBe(3);
    expect(warnings).toEqual([]);
    expect(errors.map(formatLayoutIssue)).toEqual([
      `${badKind}: /panels/totalProduction/kind: unknown panel kind 'kpi-crad' (did you mean 'kpi-card'?)`,
      `${path.join(dir, 'broken.json')}:4:3: invalid JSON: expected ',' or '}', found '"'`,
    ]);
  });

  it('passes the real layouts folder', async () => {
    expect((await checkLayouts(['layouts'])).errors).toEqual([]);
  });

  it('checks single files and folders together, and names a path that does not exist', async () => {
    const { files, errors } = await checkLayouts([path.join(dir, 'good.json'), 'layouts', path.join(dir, 'nope.json')]);
    expect(files).toBe(1 + (await jsonFiles('layouts')).length);
    expect(errors.map(formatLayoutIssue)).toEqual([`${path.join(dir, 'nope.json')}: no such file or folder`]);
  });

  it('npm run layouts:check exits 1 on a bad folder and says which file', async () => {
    const failure = await run('npx', ['node', 'scripts/layouts-check.ts', dir]).then(
      () => null,
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain(
      `error: ${badKind}: /panels/totalProduction/kind: unknown panel kind 'kpi-crad' (did you mean 'kpi-card'?)`,
    );
    expect(failure?.stderr).toContain('\n2 errors in 2 of 3 layout files\n');
  });

  it('npm run layouts:check takes a file, as people type it, and names it in the summary', async () => {
    const bad = path.join(dir, 'bad.json');
    const failure = await run('npx', ['node', 'scripts/layouts-check.ts', bad]).then(
      () => null,
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain(`\n1 error in ${bad}\n`);
    const { stdout } = await run('npx', ['node', 'scripts/layouts-check.ts', path.join(dir, 'good.json')]);
    expect(stdout).toBe('1 layout OK\n');
  });

  it('npm run layouts:check prints the count of valid layouts', async () => {
    const { stdout } = await run('npx', ['node', 'scripts/layouts-check.ts', 'schemas/examples/valid']);
    expect(stdout).toContain(`${(await jsonFiles('schemas/examples/valid')).length} layouts OK`);
  });
});
