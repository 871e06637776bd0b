import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Rollup } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { staticImportGroups } from './vite-chunk-groups.ts';

/**
 * The project (values the bundler cannot inline, so each module stays a module): an entry that names the app's module (as index.html names main.tsx), a lazy page, two lazy reports that
 * share a frame, and a lazy panel: the panel and the reports' frame use the same SDK.
 */
const FILES: Record<string, string> = {
  'entry.ts': "import './app.ts';\n",
  'app.ts':
    "import { shell } from './shell.ts';\nimport { shared } from './shared.ts';\n" +
    "export const pages = [() => import('./page.ts'), () => import('./report-a.ts'), () => import('./report-b.ts')];\n" +
    "export const panel = () => import('./panel.ts');\n" +
    'console.log(shell, shared, pages, panel);\n',
  'shell.ts': 'export const shell = `shell ${Date.now()}`;\n',
  'shared.ts': 'export const shared = `shared ${Date.now()}`;\n',
  'page.ts':
    "import { shared } from './shared.ts';\nimport { own } from './own.ts';\nexport const page = shared + own;\n",
  'own.ts': 'export const own = `own ${Date.now()}`;\n',
  'report-a.ts': "import { frame } from './frame.ts';\nexport const a = frame;\n",
  'report-b.ts': "import { frame } from './frame.ts';\nexport const b = frame;\n",
  'frame.ts': "import { sdk } from './sdk.ts';\nexport const frame = 'frame' + sdk;\n",
  'panel.ts': "import { sdk } from './sdk.ts';\nexport const panel = 'panel' + sdk;\n",
  'sdk.ts': 'export const sdk = `sdk ${Date.now()}`;\n',
};

describe('staticImportGroups', () => {
  let root = '';
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  async function chunks(groups: Parameters<typeof staticImportGroups>[0]): Promise<Record<string, string[]>> {
    const output = (await build({
      root,
      configFile: false,
      logLevel: 'silent',
      build: {
        write: false,
        minify: false,
        rollupOptions: {
          input: path.join(root, 'entry.ts'),
          output: { codeSplitting: { groups: staticImportGroups(groups) } },
        },
      },
    })) as Rollup.RollupOutput;
    const modulesOf = (chunk: Rollup.OutputChunk): string[] =>
      chunk.moduleIds
        .filter((id) => id.startsWith(root))
        .map((id) => path.basename(id))
        .sort();
    return Object.fromEntries(
      output.output
        .filter((file): file is Rollup.OutputChunk => file.type === 'chunk')
        .map((chunk) => [chunk.isEntry ? 'entry' : chunk.name, modulesOf(chunk)]),
    );
  }

  it("puts what the app's module imports in one chunk, and what every report imports in another", async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'chunk-groups-'));
    for (const [file, text] of Object.entries(FILES)) fs.writeFileSync(path.join(root, file), text);
    // Left alone, the reports' frame and the SDK the frame and the panel share are two chunks.
    expect(Object.values(await chunks([]))).toEqual(expect.arrayContaining([['frame.ts'], ['sdk.ts']]));

    const grouped = await chunks([
      { name: 'app-start', roots: [path.join(root, 'app.ts')] },
      { name: 'report-runtime', roots: [path.join(root, 'frame.ts'), path.join(root, 'report-a.ts')] },
    ]);
    // The module the entry names stays the entry chunk; what it imports is one chunk.
    expect(grouped['entry']).toEqual(['app.ts', 'entry.ts']);
    expect(grouped['app-start']).toEqual(['shared.ts', 'shell.ts']);
    // One chunk for both; a lazily imported module (report-a.ts) stays its own chunk, what it imports joins the group.
    expect(grouped['report-runtime']).toEqual(['frame.ts', 'sdk.ts']);
    expect(grouped['report-a']).toEqual(['report-a.ts']);
    // A lazy page's own code still loads with that page only.
    expect(grouped['page']).toEqual(['own.ts', 'page.ts']);
  });
});
