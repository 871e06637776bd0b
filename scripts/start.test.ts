import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_INPUTS_FILE } from '../src/server/static/vite-build-inputs-plugin.ts';
import { BUILD_SETTINGS, needsSpaBuild } from './start.ts';

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
