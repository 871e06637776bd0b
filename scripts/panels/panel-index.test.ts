import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ANSWER_SCHEMA_NAMES } from '../../src/shared/contract/answer-schemas.ts';
import {
  LAYOUT_SCHEMA_FILE,
  PANEL_INDEX_FILE,
  PANEL_LOADERS_FILE,
  answerSchemaFile,
  expectedPanelIndexFiles,
  listPanelKinds,
  renderLayoutSchema,
} from './panel-index.ts';

const root = process.cwd();
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
  it.each([PANEL_INDEX_FILE, PANEL_LOADERS_FILE, LAYOUT_SCHEMA_FILE, ...ANSWER_SCHEMA_NAMES.map(answerSchemaFile)])(
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

  it('rewrites only the panel-kind and answer-name enums of the layout schema', async () => {
    const schema = await readFile(path.join(root, LAYOUT_SCHEMA_FILE), 'utf8');
    const rewritten = await renderLayoutSchema(schema, ['goals', 'systems-table'], root);
    const parsed = JSON.parse(rewritten) as {
      $defs: { panelKind: { enum: string[] }; answerName: { enum: string[] } };
    };
    expect(parsed.$defs.panelKind.enum).toEqual(['goals', 'systems-table']);
    expect(parsed.$defs.answerName.enum).toEqual(ANSWER_SCHEMA_NAMES);
    // Everything else is as it was (compared parsed: the kind list may be wrapped over several lines).
    const original = JSON.parse(schema) as typeof parsed;
    original.$defs.panelKind.enum = ['goals', 'systems-table'];
    expect(parsed).toEqual(original);
  });

  it('refuses a layout schema without the panel-kind enum', async () => {
    await expect(renderLayoutSchema('{ "$defs": {} }', ['goals'], root)).rejects.toThrow(/panelKind/);
  });
});
