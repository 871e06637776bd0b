import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ResolvedConfig } from 'vite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BROTLI_AFTER_BUILD_ENV,
  precompressDir,
  precompressPlugin,
  writeMissingBrotliCopies,
} from './vite-precompress-plugin.ts';

const SCRIPT = 'const value = 1;\n'.repeat(200);

describe('precompressDir', () => {
  let dir = '';
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'big.js'), SCRIPT);
    fs.writeFileSync(path.join(dir, 'assets', 'big.js.map'), SCRIPT);
    fs.writeFileSync(path.join(dir, 'assets', 'small.css'), 'a{}');
    fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>Fleet</p>'.repeat(100)}`);
    fs.writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(4096));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes brotli and gzip copies of built text files of 1 KB or more, nothing for small files and source maps', async () => {
    expect(await precompressDir(dir)).toEqual([path.join('assets', 'big.js'), 'index.html']);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'assets', 'big.js.br'))).toString()).toBe(SCRIPT);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'assets', 'big.js.gz'))).toString()).toBe(SCRIPT);
    for (const skipped of ['assets/big.js.map.br', 'assets/small.css.br', 'logo.png.br', 'logo.png.gz']) {
      expect(fs.existsSync(path.join(dir, skipped)), skipped).toBe(false);
    }
  });

  it('writes the gzip copies only when told to leave brotli for later', async () => {
    expect(await precompressDir(dir, { brotli: false })).toEqual([path.join('assets', 'big.js'), 'index.html']);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'assets', 'big.js.gz'))).toString()).toBe(SCRIPT);
    expect(fs.existsSync(path.join(dir, 'assets', 'big.js.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'index.html.br'))).toBe(false);
  });

  it('writes the missing brotli copies later at quality 11, keeps the ones there, and leaves no temporary files', async () => {
    await precompressDir(dir, { brotli: false });
    fs.writeFileSync(path.join(dir, 'index.html.br'), zlib.brotliCompressSync('kept'));

    expect(await writeMissingBrotliCopies(dir)).toEqual([path.join('assets', 'big.js')]);
    const copy = fs.readFileSync(path.join(dir, 'assets', 'big.js.br'));
    expect(zlib.brotliDecompressSync(copy).toString()).toBe(SCRIPT);
    const best = zlib.brotliCompressSync(SCRIPT, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    expect(copy.length).toBe(best.length);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'index.html.br'))).toString()).toBe('kept');
    expect(fs.readdirSync(dir, { recursive: true }).filter((name) => String(name).endsWith('.partial'))).toEqual([]);
    expect(await writeMissingBrotliCopies(dir)).toEqual([]);
  });
});

describe('precompressPlugin', () => {
  let root = '';
  const saved = process.env[BROTLI_AFTER_BUILD_ENV];
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-plugin-'));
    fs.mkdirSync(path.join(root, 'dist'));
    fs.writeFileSync(path.join(root, 'dist', 'app.js'), SCRIPT);
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
    if (saved === undefined) delete process.env[BROTLI_AFTER_BUILD_ENV];
    else process.env[BROTLI_AFTER_BUILD_ENV] = saved;
  });

  /** Runs the plugin's hooks as vite build calls them, for a build into root/dist. */
  async function runPlugin(buildError?: Error): Promise<void> {
    const plugin = precompressPlugin();
    const config = { root, build: { outDir: 'dist' } } as ResolvedConfig;
    (plugin.configResolved as (config: ResolvedConfig) => void)(config);
    await (plugin.closeBundle as (error?: Error) => Promise<void>)(buildError);
  }

  it('writes both copies in a plain `vite build`', async () => {
    delete process.env[BROTLI_AFTER_BUILD_ENV];
    await runPlugin();
    expect(fs.existsSync(path.join(root, 'dist', 'app.js.gz'))).toBe(true);
    expect(fs.existsSync(path.join(root, 'dist', 'app.js.br'))).toBe(true);
  });

  it("writes the gzip copies only in npm start's build", async () => {
    process.env[BROTLI_AFTER_BUILD_ENV] = '1';
    await runPlugin();
    expect(fs.existsSync(path.join(root, 'dist', 'app.js.gz'))).toBe(true);
    expect(fs.existsSync(path.join(root, 'dist', 'app.js.br'))).toBe(false);
  });

  it('leaves a failed build alone, so its own errors are the ones shown', async () => {
    fs.rmSync(path.join(root, 'dist'), { recursive: true });
    await expect(runPlugin(new Error('18 errors'))).resolves.toBeUndefined();
    expect(fs.existsSync(path.join(root, 'dist'))).toBe(false);
  });
});
