import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
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
