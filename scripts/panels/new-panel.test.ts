import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NewPanelError, newPanel } from './new-panel.ts';

const run = promisify(execFile);
const repo = process.cwd();
const KIND = 'systems-table';
/** Spawned tools on a busy 2-core machine: tsc and a browser run take a while. */
const SLOW = 240_000;

/** Not copied into the scratch project: dependencies are linked, build output and history are not needed. */
const LEFT_OUT = new Set([
  'node_modules',
  '.git',
  'var',
  'dist',
  'test-results',
  'playwright-report',
  'storybook-static',
]);

async function scratchProject(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'new-panel-'));
  await cp(repo, dir, {
    recursive: true,
    filter: (source) => !LEFT_OUT.has(path.relative(repo, source).split(path.sep)[0] ?? ''),
  });
  await symlink(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

/** The tools' plain output (no colour codes), as a terminal without colours would show it. */
const PLAIN_OUTPUT = Object.fromEntries(
  [...Object.entries(process.env), ['NO_COLOR', '1']].filter(([name]) => name !== 'FORCE_COLOR'),
);

async function npx(cwd: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run('npx', args, { cwd, env: PLAIN_OUTPUT, maxBuffer: 16 * 1024 * 1024 });
}

describe('npm run new:panel refuses a bad name', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'new-panel-names-'));
    await mkdir(path.join(dir, 'panels', 'goals'), { recursive: true });
  });

  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each(['SystemsTable', 'systems_table', '1-table', 'systems--table', '-table', 'table-'])(
    "refuses '%s' (not kebab-case) and writes nothing",
    async (name) => {
      await expect(newPanel(dir, name)).rejects.toThrow(
        new NewPanelError(`panel kind '${name}' must be kebab-case`).message,
      );
      expect(await readdir(path.join(dir, 'panels'))).toEqual(['goals']);
    },
  );

  it('refuses an existing kind, naming its folder', async () => {
    await expect(newPanel(dir, 'goals')).rejects.toThrow(
      "panel kind 'goals' already exists (panels/goals/); choose another name, or change that kind in its folder",
    );
  });

  it('says how to call it without a kind', async () => {
    await expect(newPanel(dir, undefined)).rejects.toThrow('usage: npm run new:panel -- <kind>');
  });
});

describe(`a panel scaffolded by npm run new:panel (${KIND}, in a scratch copy of the project)`, () => {
  let dir: string;
  let output: string;

  beforeAll(async () => {
    dir = await scratchProject();
    output = (await run('npm', ['run', '--silent', 'new:panel', '--', KIND], { cwd: dir })).stdout;
    // Vite serves files of the linked node_modules, which live outside the scratch root.
    await writeFile(
      path.join(dir, 'vitest.scratch.config.ts'),
      `import { mergeConfig } from 'vitest/config';
import base from './vitest.config.ts';

export default mergeConfig(base, { server: { fs: { allow: [${JSON.stringify(dir)}, ${JSON.stringify(repo)}] } } });
`,
    );
  }, SLOW);

  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('creates the folder with a model, component, CSS, fixtures, stories and a test, and registers the kind', async () => {
    expect((await readdir(path.join(dir, 'panels', KIND))).sort()).toEqual([
      'SystemsTablePanel.css',
      'SystemsTablePanel.stories.tsx',
      'SystemsTablePanel.test.tsx',
      'SystemsTablePanel.tsx',
      'fixtures.ts',
      'index.ts',
      'model.ts',
      'options.ts',
    ]);
    expect(output).toContain('~ panels/panel-index.generated.ts (generated)');
    expect(await readFile(path.join(dir, 'panels/panel-index.generated.ts'), 'utf8')).toContain(
      `import { panel as systemsTable } from './${KIND}/index.ts';`,
    );
    const schema = JSON.parse(await readFile(path.join(dir, 'schemas/report-layout.schema.json'), 'utf8')) as {
      $defs: {
        panelKind: { enum: string[] };
        panelOptions: { allOf: { if: { properties: { kind: { const: string } } }; then: object }[] };
      };
    };
    expect(schema.$defs.panelKind.enum).toContain(KIND);
    // Its options schema is in the layout schema, for editors: the starter's `field` with its description.
    const options = schema.$defs.panelOptions.allOf.find((entry) => entry.if.properties.kind.const === KIND);
    expect(options?.then).toMatchObject({
      properties: {
        options: {
          title: 'Systems table options',
          required: ['field'],
          properties: {
            field: { description: "Property of the query's answer (Achievements) holding the number shown." },
          },
        },
      },
    });
  });

  it(
    'passes lint (eslint and prettier)',
    async () => {
      const files = [`panels/${KIND}`, 'panels/panel-index.generated.ts', 'schemas/report-layout.schema.json'];
      await npx(dir, ['eslint', '--max-warnings', '0', ...files.slice(0, 2)]);
      await npx(dir, ['prettier', '--check', ...files]);
    },
    SLOW,
  );

  it(
    'passes the typecheck',
    async () => {
      // The project's compiler options over the new kind and the generated index (and everything they import), with the
      // project's ambient declarations (the typed i18n keys that frames' and layouts' texts are checked against).
      const config = { extends: './tsconfig.json', include: [`panels/${KIND}`, 'panels/*.ts', 'src/**/*.d.ts'] };
      await writeFile(path.join(dir, 'tsconfig.scratch.json'), JSON.stringify(config));
      await npx(dir, ['tsc', '-p', 'tsconfig.scratch.json', '--noEmit']);
    },
    SLOW,
  );

  it(
    'passes its tests',
    async () => {
      const { stdout } = await npx(dir, ['vitest', 'run', '--project', 'dom', `panels/${KIND}`]);
      expect(stdout).toMatch(/Tests\s+\S*3 passed/);
    },
    SLOW,
  );

  it(
    "shows up in Storybook (.storybook/main.ts's globs) with the SDK's Loading, Empty, Error and Nothing selected stories and its Data story passing",
    async () => {
      const args = [
        'vitest',
        'run',
        '--config',
        'vitest.scratch.config.ts',
        '--project',
        'storybook',
        `panels/${KIND}`,
      ];
      const { stdout } = await npx(dir, args);
      expect(stdout).toMatch(/Tests\s+\S*5 passed/);
    },
    SLOW,
  );

  it(
    'reports a wrong option type of the new kind with its pointer',
    async () => {
      const file = path.join(dir, 'layouts/overview.json');
      const layout = JSON.parse(await readFile(file, 'utf8')) as { panels: Record<string, unknown> };
      layout.panels['systemsTotal'] = {
        kind: KIND,
        title: 'Systems table',
        query: 'achievements',
        options: { field: 7 },
      };
      await writeFile(path.join(dir, 'wrong-option.json'), JSON.stringify({ ...layout, id: 'wrong-option' }));
      const failed = npx(dir, ['node', 'scripts/layouts-check.ts', 'wrong-option.json']);
      await expect(failed).rejects.toMatchObject({
        stderr: expect.stringContaining('/panels/systemsTotal/options/field: number 7 is not one of') as unknown,
      });
    },
    SLOW,
  );

  it(
    'is valid in a layout after one layout edit',
    async () => {
      const file = path.join(dir, 'layouts/overview.json');
      const layout = JSON.parse(await readFile(file, 'utf8')) as {
        panels: Record<string, unknown>;
        placement: Record<string, { y: number; h: number }[]>;
      };
      layout.panels['systemsTotal'] = {
        kind: KIND,
        title: 'Systems table',
        query: 'achievements',
        options: { field: 'weekRecord', units: 'imp' },
      };
      for (const items of Object.values(layout.placement)) {
        const bottom = Math.max(...items.map((item) => item.y + item.h));
        items.push({ panel: 'systemsTotal', x: 0, y: bottom, w: 3, h: 3 } as (typeof items)[number]);
      }
      await writeFile(file, JSON.stringify(layout, null, 2));
      const { stdout, stderr } = await npx(dir, ['node', 'scripts/layouts-check.ts']);
      expect(stdout).toContain('layouts OK');
      expect(stderr).not.toMatch(/warning|error/);
    },
    SLOW,
  );
});
