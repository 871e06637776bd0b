import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, createServer, type HmrContext, type HotPayload, type Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutsPlugin } from '../../src/server/layouts/vite-layouts-plugin.ts';

/** A throwaway Vite project whose only entry is a small script, built with the layouts plugin alone. */
async function buildWith(root: string, layoutsDir: string) {
  return build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [layoutsPlugin({ dir: layoutsDir })],
    build: { write: false, rollupOptions: { input: path.join(root, 'entry.js') } },
  });
}

describe('layouts Vite plugin', () => {
  let root = '';

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'vite-layouts-'));
    await writeFile(path.join(root, 'entry.js'), 'export const answer = 42;\n');
    await cp('layouts', path.join(root, 'good'), { recursive: true });
    await cp('schemas/examples/invalid/unknown-panel-kind.json', path.join(root, 'bad', 'unknown-panel-kind.json'), {
      recursive: true,
    });
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('lets the build pass with valid layouts', async () => {
    await expect(buildWith(root, 'good')).resolves.toBeDefined();
  });

  it('fails the build with the formatted issue of a bad layout', async () => {
    await expect(buildWith(root, 'bad')).rejects.toThrow(
      "/panels/total/kind: unknown panel kind 'kpi-crad' (did you mean 'kpi-card'?)",
    );
  });
});

describe('layouts Vite plugin in the dev server', () => {
  let root = '';

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'vite-layouts-dev-'));
    await mkdir(path.join(root, 'layouts'));
    await cp('layouts/overview.json', path.join(root, 'layouts', 'overview.json'));
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('shows a broken layout in the overlay with its line and column, and stops showing it once fixed', async () => {
    const sent: HotPayload[] = [];
    const capture: Plugin = {
      name: 'capture-hot-payloads',
      configureServer(server) {
        server.ws.send = (payload: HotPayload) => void sent.push(payload);
      },
    };
    const plugin = layoutsPlugin();
    const server = await createServer({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [capture, plugin],
      server: { ws: false, watch: null },
    });
    try {
      const file = path.join(root, 'layouts', 'overview.json');
      const good = await readFile(file, 'utf8');
      const hotUpdate = plugin.handleHotUpdate as (context: Pick<HmrContext, 'file' | 'server'>) => Promise<unknown>;
      expect(sent).toEqual([]);

      await writeFile(file, good.replace('"kind": "kpi-card"', '"kind": "kpi-crad"'));
      await expect(hotUpdate({ file, server })).resolves.toEqual([]);
      const kindLine = good.split('\n').findIndex((line) => line.includes('"kind": "kpi-card"')) + 1;
      expect(sent).toEqual([
        {
          type: 'error',
          err: expect.objectContaining({
            message: expect.stringContaining(
              `layouts/overview.json:${kindLine}:7: /panels/totalProduction/kind: unknown panel kind 'kpi-crad'`,
            ) as unknown,
            loc: { file, line: kindLine, column: 7 },
          }) as unknown,
        },
      ]);

      await writeFile(file, good);
      await expect(hotUpdate({ file, server })).resolves.toBeUndefined();
      expect(sent).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
