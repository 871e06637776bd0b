import { cp, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InvalidLayoutsError, openLayoutStore, type LayoutStore, type LayoutStoreOutput } from './layout-store.ts';

/** A scratch layouts folder with the project's overview and jobs layouts. */
let dir = '';
let overviewText = '';
let store: LayoutStore | null = null;
const lines: string[] = [];
const output: LayoutStoreOutput = {
  info: (line) => lines.push(`info ${line}`),
  error: (line) => lines.push(`error ${line}`),
};

const file = (name: string) => path.join(dir, name);
/** The overview with its title changed: a valid edit. */
const retitled = (title: string) =>
  overviewText.replace('"title": { "key": "layouts.overview.title" }', `"title": "${title}"`);
/** The overview with its first kpi-card misspelt, and where the misspelling is (line, column of its key). */
function misspelt(): { text: string; line: number } {
  const text = overviewText.replace('"kind": "kpi-card"', '"kind": "kpi-crad"');
  return { text, line: text.split('\n').findIndex((line) => line.includes('"kpi-crad"')) + 1 };
}

async function open(watch = false): Promise<LayoutStore> {
  store = await openLayoutStore(dir, { output, watch, debounceMs: 20 });
  return store;
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'layout-store-'));
  await cp('layouts/overview.json', file('overview.json'));
  await cp('layouts/jobs.json', file('jobs.json'));
  overviewText = await readFile(file('overview.json'), 'utf8');
  expect(overviewText).toContain('"title": { "key": "layouts.overview.title" }');
  lines.length = 0;
});

afterEach(async () => {
  store?.close();
  store = null;
  await rm(dir, { recursive: true, force: true });
});

describe('layout store', () => {
  it("serves each valid layout by its file's name, with a version of its text", async () => {
    const layouts = await open();
    expect(layouts.layout('overview')?.layout).toEqual(JSON.parse(overviewText));
    expect(layouts.layout('jobs')?.layout.id).toBe('jobs');
    expect(layouts.layout('overview')?.version).not.toBe(layouts.layout('jobs')?.version);
    expect(layouts.problems('overview')).toEqual([]);
    expect(layouts.layout('nope')).toBeUndefined();
    expect(lines).toEqual([]);
  });

  it('refuses to start with an invalid layout, naming file, line and column', async () => {
    const { text, line } = misspelt();
    await writeFile(file('overview.json'), text);
    const opening = openLayoutStore(dir, { output });
    await expect(opening).rejects.toThrow(InvalidLayoutsError);
    await expect(opening).rejects.toThrow(
      `${file('overview.json')}:${line}:7: /panels/totalProduction/kind: unknown panel kind 'kpi-crad' (did you mean 'kpi-card'?)`,
    );
  });

  it('serves a valid edit from the next read, under a new version', async () => {
    const layouts = await open();
    const before = layouts.layout('overview')?.version;
    await writeFile(file('overview.json'), retitled('Overview, edited'));
    await layouts.reload();
    expect(layouts.layout('overview')?.layout.title).toBe('Overview, edited');
    expect(layouts.layout('overview')?.version).not.toBe(before);
    expect(lines).toEqual([`info ${file('overview.json')}: reloaded`]);
  });

  it('keeps serving the last valid version of an invalid edit, and reports its problems until it is fixed', async () => {
    const layouts = await open();
    const valid = layouts.layout('overview');
    const { text, line } = misspelt();
    await writeFile(file('overview.json'), text);
    await layouts.reload();
    expect(layouts.layout('overview')).toEqual(valid);
    expect(layouts.problems('overview')).toEqual([
      expect.objectContaining({
        file: file('overview.json'),
        line,
        column: 7,
        pointer: '/panels/totalProduction/kind',
      }),
    ]);
    expect(lines).toEqual([
      `error ${file('overview.json')}:${line}:7: /panels/totalProduction/kind: unknown panel kind 'kpi-crad' (did you mean 'kpi-card'?)`,
      `error ${file('overview.json')}: its last valid version is served until it is fixed`,
    ]);

    await writeFile(file('overview.json'), retitled('Overview, fixed'));
    await layouts.reload();
    expect(layouts.problems('overview')).toEqual([]);
    expect(layouts.layout('overview')?.layout.title).toBe('Overview, fixed');
  });

  it('serves a layout file added while it runs, and no longer one removed', async () => {
    const layouts = await open();
    await writeFile(file('overview-copy.json'), overviewText.replace('"id": "overview"', '"id": "overview-copy"'));
    await unlink(file('jobs.json'));
    await layouts.reload();
    expect(layouts.layout('overview-copy')?.layout.id).toBe('overview-copy');
    expect(layouts.layout('jobs')).toBeUndefined();
    expect(lines).toEqual([`info ${file('overview-copy.json')}: reloaded`, `info ${file('jobs.json')}: removed`]);
  });

  it('does not serve a file added with errors, and says so', async () => {
    const layouts = await open();
    await writeFile(file('broken.json'), '{\n  "id": "broken",\n');
    await layouts.reload();
    expect(layouts.layout('broken')).toBeUndefined();
    expect(layouts.problems('broken')).toEqual([expect.objectContaining({ file: file('broken.json'), line: 3 })]);
    expect(lines.at(-1)).toBe(`error ${file('broken.json')}: not served until it is valid`);
  });

  it('reads the folder again by itself after a file in it changes, when watching', async () => {
    const layouts = await open(true);
    await writeFile(file('overview.json'), retitled('Overview, watched'));
    await vi.waitFor(() => expect(layouts.layout('overview')?.layout.title).toBe('Overview, watched'), {
      timeout: 5_000,
    });
  });
});
