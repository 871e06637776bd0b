import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { needsSpaBuild } from './start.ts';

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

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
    touch('src/app/App.tsx', earlier);
    touch('index.html', earlier);
  });

  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('builds when there is no build yet', () => {
    expect(needsSpaBuild(root)).toBe(true);
  });

  it('skips the build when every source is older than dist/index.html', () => {
    touch('dist/index.html', built);
    expect(needsSpaBuild(root)).toBe(false);
  });

  it('builds when a source file in a nested folder changed after the build', () => {
    touch('dist/index.html', built);
    touch('panels/kpi-card/KpiCardPanel.tsx', later);
    expect(needsSpaBuild(root)).toBe(true);
  });

  it('ignores tests and stories, which are not bundled', () => {
    touch('dist/index.html', built);
    touch('src/app/App.test.tsx', later);
    touch('panels/kpi-card/KpiCardPanel.stories.tsx', later);
    expect(needsSpaBuild(root)).toBe(false);
  });
});
