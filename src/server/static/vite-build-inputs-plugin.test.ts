import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_INPUTS_FILE, buildInputsPlugin, type BuildInputs } from './vite-build-inputs-plugin.ts';

describe('buildInputsPlugin', () => {
  let root = '';
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it("records the build's start and the project files among its modules: code, CSS and JSON, no dependency", async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-inputs-'));
    fs.mkdirSync(path.join(root, 'src'));
    fs.writeFileSync(path.join(root, 'src', 'data.json'), '{ "answer": 42 }');
    fs.writeFileSync(path.join(root, 'src', 'style.css'), 'p { color: navy; }');
    fs.writeFileSync(path.join(root, 'src', 'unused.ts'), 'export const unused = 1;');
    fs.writeFileSync(
      path.join(root, 'src', 'entry.ts'),
      "import data from './data.json';\nimport './style.css';\nexport const answer = data.answer;\n",
    );
    const before = Date.now();
    await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [buildInputsPlugin()],
      build: { outDir: 'dist', rollupOptions: { input: path.join(root, 'src', 'entry.ts') } },
    });
    const inputs = JSON.parse(fs.readFileSync(path.join(root, 'dist', BUILD_INPUTS_FILE), 'utf8')) as BuildInputs;
    expect(inputs.files).toEqual(['src/data.json', 'src/entry.ts', 'src/style.css']);
    expect(inputs.startedAt).toBeGreaterThanOrEqual(before);
  });
});
