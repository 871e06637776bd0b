import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, describe, expect, it } from 'vitest';
import { GoalsOptionsSchema } from '../../panels/goals/options.ts';
import { ANSWER_SCHEMA_NAMES } from '../../src/shared/contract/answer-schemas.ts';
import {
  LAYOUT_SCHEMA_FILE,
  PANEL_INDEX_FILE,
  answerSchemaFile,
  expectedPanelIndexFiles,
  listPanelKinds,
  renderLayoutSchema,
} from './panel-index.ts';

const root = process.cwd();

/** A TypeBox options schema as kinds write them, and a plain JSON one: both are published as JSON. */
const GOALS_OPTIONS = GoalsOptionsSchema;
const TABLE_OPTIONS = { type: 'object', additionalProperties: false, properties: { rows: { type: 'integer' } } };

interface ConditionalOptions {
  if: { properties: { kind: { const: string } } };
  then: { properties: { options: object } };
}

interface LayoutSchema {
  $defs: {
    panelKind: { enum: string[] };
    answerName: { enum: string[] };
    panelOptions: { allOf: ConditionalOptions[] };
    panel: { allOf: object[] };
  };
}
const temporaryRoots: string[] = [];
/** What `npm run panels:index` would write, computed once for the file's up-to-date checks (prettier runs over each). */
let expectedFiles: Promise<Map<string, string>> | undefined;

async function rootWithFolders(folders: Record<string, string[]>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'panel-index-'));
  temporaryRoots.push(dir);
  for (const [folder, files] of Object.entries(folders)) {
    await mkdir(path.join(dir, 'panels', folder), { recursive: true });
    for (const file of files) await writeFile(path.join(dir, 'panels', folder, file), '');
  }
  return dir;
}

afterEach(async () => {
  await Promise.all(temporaryRoots.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('panel index', () => {
  it.each([PANEL_INDEX_FILE, LAYOUT_SCHEMA_FILE, ...ANSWER_SCHEMA_NAMES.map(answerSchemaFile)])(
    '%s is up to date with the panel folders and answer schemas (run npm run panels:index)',
    async (file) => {
      expectedFiles ??= expectedPanelIndexFiles(root);
      const expected = await expectedFiles;
      expect(await readFile(path.join(root, file), 'utf8')).toBe(expected.get(file));
    },
  );

  it('publishes exactly the answer schemas of ANSWER_SCHEMAS in schemas/answers/', async () => {
    const published = (await readdir(path.join(root, 'schemas/answers'))).map((name) => `schemas/answers/${name}`);
    expect(published.sort()).toEqual(ANSWER_SCHEMA_NAMES.map(answerSchemaFile).sort());
  });

  it('lists the kebab-case folders that hold an index.ts, sorted', async () => {
    const dir = await rootWithFolders({
      'systems-table': ['index.ts', 'model.ts'],
      goals: ['index.ts'],
      'half-done': ['model.ts'],
      Fixtures: ['index.ts'],
    });
    expect(await listPanelKinds(dir)).toEqual(['goals', 'systems-table']);
  });

  it('rewrites only the panel-kind and answer-name enums and the panel options of the layout schema', async () => {
    const schema = await readFile(path.join(root, LAYOUT_SCHEMA_FILE), 'utf8');
    const optionsSchemas = { goals: GOALS_OPTIONS, 'systems-table': TABLE_OPTIONS };
    const rewritten = await renderLayoutSchema(schema, optionsSchemas, root);
    const parsed = JSON.parse(rewritten) as LayoutSchema;
    expect(parsed.$defs.panelKind.enum).toEqual(['goals', 'systems-table']);
    expect(parsed.$defs.answerName.enum).toEqual(ANSWER_SCHEMA_NAMES);
    // Everything else is as it was (compared parsed: the kind list may be wrapped over several lines).
    const original = JSON.parse(schema) as LayoutSchema;
    original.$defs.panelKind.enum = ['goals', 'systems-table'];
    original.$defs.panelOptions = parsed.$defs.panelOptions;
    expect(parsed).toEqual(original);
  });

  it("writes each kind's options schema under 'if the panel is of that kind then its options'", async () => {
    const schema = await readFile(path.join(root, LAYOUT_SCHEMA_FILE), 'utf8');
    const rewritten = await renderLayoutSchema(schema, { goals: GOALS_OPTIONS, 'systems-table': TABLE_OPTIONS }, root);
    const { panelOptions } = (JSON.parse(rewritten) as LayoutSchema).$defs;
    expect(panelOptions.allOf).toEqual([
      {
        if: { type: 'object', required: ['kind'], properties: { kind: { const: 'goals' } } },
        then: { type: 'object', properties: { options: JSON.parse(JSON.stringify(GOALS_OPTIONS)) as unknown } },
      },
      {
        if: { type: 'object', required: ['kind'], properties: { kind: { const: 'systems-table' } } },
        then: { type: 'object', properties: { options: TABLE_OPTIONS } },
      },
    ]);
  });

  it('publishes the options of every kind with their descriptions, for editors', async () => {
    const layoutSchema = JSON.parse(await readFile(path.join(root, LAYOUT_SCHEMA_FILE), 'utf8')) as LayoutSchema;
    const goals = layoutSchema.$defs.panelOptions.allOf.find((entry) => entry.if.properties.kind.const === 'goals');
    expect(goals?.then.properties.options).toMatchObject({
      title: 'Goals options',
      properties: { showRecord: { type: 'boolean', description: 'Show the week record of the year. Default true.' } },
    });
    expect(layoutSchema.$defs.panel.allOf).toEqual([{ $ref: '#/$defs/panelOptions' }]);
  });

  it('lets the layout schema alone (what an editor reads) find a wrong option type at its pointer', async () => {
    const layoutSchema = JSON.parse(await readFile(path.join(root, LAYOUT_SCHEMA_FILE), 'utf8')) as object;
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(layoutSchema);
    const layout = JSON.parse(await readFile(path.join(root, 'layouts/overview.json'), 'utf8')) as {
      panels: Record<string, { options: Record<string, unknown> }>;
    };
    (layout.panels['goals'] as { options: Record<string, unknown> }).options['showRecord'] = 'no';
    expect(validate(layout)).toBe(false);
    expect(validate.errors).toContainEqual(
      expect.objectContaining({ instancePath: '/panels/goals/options/showRecord', keyword: 'type' }),
    );
  });

  it('refuses a layout schema without the panel-kind enum', async () => {
    await expect(renderLayoutSchema('{ "$defs": {} }', { goals: GOALS_OPTIONS }, root)).rejects.toThrow(/panelKind/);
  });

  it('refuses a layout schema without the panel options to generate', async () => {
    const withoutOptions = '{ "$defs": { "panelKind": { "enum": [] }, "answerName": { "enum": [] } } }';
    await expect(renderLayoutSchema(withoutOptions, { goals: GOALS_OPTIONS }, root)).rejects.toThrow(/panelOptions/);
  });
});
