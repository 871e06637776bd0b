import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILD_INPUTS_FILE } from '../src/server/static/vite-build-inputs-plugin.ts';
import { BROTLI_AFTER_BUILD_ENV } from '../src/server/static/vite-precompress-plugin.ts';
import { BUILD_NICENESS, BUILD_SETTINGS, buildSpa, needsSpaBuild, writeBrotliCopiesAfterReady } from './start.ts';

describe('needsSpaBuild', () => {
  let root: string;
  const touch = (file: string, time: Date) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), file);
    fs.utimesSync(path.join(root, file), time, time);
  };
  const earlier = new Date('2024-01-01T00:00:00Z');
  const built = new Date('2024-01-02T00:00:00Z');
  const later = new Date('2024-01-03T00:00:00Z');
  /** A build that started at `built` and read these modules. */
  const build = (files: string[]) => {
    touch('dist/index.html', later);
    fs.mkdirSync(path.join(root, 'dist', path.dirname(BUILD_INPUTS_FILE)), { recursive: true });
    fs.writeFileSync(path.join(root, 'dist', BUILD_INPUTS_FILE), JSON.stringify({ startedAt: built.getTime(), files }));
  };

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
    for (const setting of BUILD_SETTINGS.filter((entry) => entry !== 'public')) touch(setting, earlier);
    touch('public/favicon.svg', earlier);
    fs.utimesSync(path.join(root, 'public'), earlier, earlier);
    touch('src/app/App.tsx', earlier);
    touch('panels/kpi-card/KpiCardPanel.tsx', earlier);
  });

  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('builds when there is no build yet, or one that did not record what it read', () => {
    expect(needsSpaBuild(root)).toBe(true);
    touch('dist/index.html', later);
    expect(needsSpaBuild(root)).toBe(true);
  });

  it('skips the build when nothing it read changed since it started', () => {
    build(['src/app/App.tsx', 'panels/kpi-card/KpiCardPanel.tsx']);
    expect(needsSpaBuild(root)).toBe(false);
  });

  it('builds when a module it read changed or is gone', () => {
    build(['src/app/App.tsx', 'panels/kpi-card/KpiCardPanel.tsx']);
    touch('panels/kpi-card/KpiCardPanel.tsx', later);
    expect(needsSpaBuild(root)).toBe(true);
    build(['src/app/App.tsx', 'src/app/Gone.tsx']);
    expect(needsSpaBuild(root)).toBe(true);
  });

  it('builds when a page, a static file or the configuration changed', () => {
    build(['src/app/App.tsx']);
    touch('public/docs/new.html', later);
    expect(needsSpaBuild(root)).toBe(true);
    build(['src/app/App.tsx']);
    fs.utimesSync(path.join(root, 'public'), earlier, earlier);
    fs.utimesSync(path.join(root, 'public/docs'), earlier, earlier);
    fs.utimesSync(path.join(root, 'public/docs/new.html'), earlier, earlier);
    expect(needsSpaBuild(root)).toBe(false);
    touch('package-lock.json', later);
    expect(needsSpaBuild(root)).toBe(true);
  });

  it('ignores what the bundle is not built from: layouts (served at run time), tests, server code', () => {
    build(['src/app/App.tsx']);
    touch('layouts/overview.json', later);
    touch('src/app/App.test.tsx', later);
    touch('src/server/main.ts', later);
    expect(needsSpaBuild(root)).toBe(false);
  });
});

describe("npm start's web-app build and its brotli copies", () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-build-'));
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('runs vite build at a lower CPU priority, without source maps, the brotli copies left for after the ready line', async () => {
    // A stand-in for vite that records how it was called (a moment after its start, as vite's threads start later).
    const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    fs.mkdirSync(path.dirname(vite), { recursive: true });
    fs.writeFileSync(
      vite,
      `setTimeout(() => require('node:fs').writeFileSync('called.json', JSON.stringify({ args: process.argv.slice(2), brotliAfterBuild: process.env.${BROTLI_AFTER_BUILD_ENV}, priority: require('node:os').getPriority() })), 300);`,
    );
    fs.writeFileSync(path.join(root, 'package.json'), '{"type":"commonjs"}');
    await buildSpa(root);
    expect(JSON.parse(fs.readFileSync(path.join(root, 'called.json'), 'utf8'))).toEqual({
      args: ['build', '--logLevel', 'warn', '--sourcemap', 'false'],
      brotliAfterBuild: '1',
      priority: Math.min(19, os.getPriority() + BUILD_NICENESS),
    });
  });

  it('writes the brotli copies of a built web app that lacks them, and nothing without a build', async () => {
    await writeBrotliCopiesAfterReady(root);
    expect(fs.readdirSync(root)).toEqual([]);

    const script = 'export const value = 1;\n'.repeat(100);
    fs.mkdirSync(path.join(root, 'dist', 'assets'), { recursive: true });
    fs.writeFileSync(path.join(root, 'dist', 'index.html'), '<!doctype html>');
    fs.writeFileSync(path.join(root, 'dist', 'assets', 'app.js'), script);
    await writeBrotliCopiesAfterReady(root);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(root, 'dist', 'assets', 'app.js.br'))).toString()).toBe(
      script,
    );
  });

  it('reports a failure to write them without stopping the portal', async () => {
    fs.mkdirSync(path.join(root, 'dist', 'assets'), { recursive: true });
    fs.writeFileSync(path.join(root, 'dist', 'index.html'), '<!doctype html>');
    fs.writeFileSync(path.join(root, 'dist', 'assets', 'app.js'), 'x'.repeat(4096));
    // Where the copy would be written first, a folder: the write fails (as on a full or read-only disk).
    fs.mkdirSync(path.join(root, 'dist', 'assets', `app.js.br.${process.pid}.partial`));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(writeBrotliCopiesAfterReady(root)).resolves.toBeUndefined();
      expect(String(error.mock.calls[0]?.[0])).toMatch(
        /^Writing the web app's brotli copies failed \(browsers get the gzip copies\): .*EISDIR/,
      );
      expect(fs.existsSync(path.join(root, 'dist', 'assets', 'app.js.br'))).toBe(false);
    } finally {
      error.mockRestore();
    }
  });
});
