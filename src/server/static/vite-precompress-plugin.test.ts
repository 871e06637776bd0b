import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './vite-precompress-plugin.ts';

describe('precompressDir', () => {
  let dir = '';
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes brotli and gzip copies of built text files of 1 KB or more, nothing for small files and source maps', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    const script = 'const value = 1;\n'.repeat(200);
    fs.writeFileSync(path.join(dir, 'assets', 'big.js'), script);
    fs.writeFileSync(path.join(dir, 'assets', 'big.js.map'), script);
    fs.writeFileSync(path.join(dir, 'assets', 'small.css'), 'a{}');
    fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>Fleet</p>'.repeat(100)}`);
    fs.writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(4096));

    expect(await precompressDir(dir)).toEqual([path.join('assets', 'big.js'), 'index.html']);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'assets', 'big.js.br'))).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'assets', 'big.js.gz'))).toString()).toBe(script);
    for (const skipped of ['assets/big.js.map.br', 'assets/small.css.br', 'logo.png.br', 'logo.png.gz']) {
      expect(fs.existsSync(path.join(dir, skipped)), skipped).toBe(false);
    }
  });
});
