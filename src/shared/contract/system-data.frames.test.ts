import { describe, expect, it } from 'vitest';
import { words } from '../../i18n/frame-words.fixtures.ts';
import { SOFTWARE_VERSIONS_FRAMES } from './system-data.frames.ts';
import { SYSTEM_SOFTWARE_VERSIONS } from './system-page.fixture.ts';

describe('SoftwareVersions frames', () => {
  it("components: the app, its version and last update (the viewer's time zone, UTC here) as facts, a row per component", () => {
    const frame = SOFTWARE_VERSIONS_FRAMES.components.read(SYSTEM_SOFTWARE_VERSIONS);
    expect(frame.facts?.map((fact) => ({ ...fact, label: words(fact.label) }))).toEqual([
      { label: 'App', value: 'Storm Hybrid' },
      { label: 'Version', value: '5.4.2' },
      { label: 'Last update', value: 'November 02, 2026, 09:12 am' },
    ]);
    expect(frame.rows.map((row) => row.cells)).toEqual([
      { component: 'Print engine', version: '5.4.2', reportedAt: '2026-11-02T09:12:00Z' },
      { component: 'RIP', version: '12.1.0', reportedAt: '2026-10-20T08:00:00Z' },
    ]);
  });

  it('gives neither facts nor rows when the system never reported software', () => {
    const frame = SOFTWARE_VERSIONS_FRAMES.components.read({
      ...SYSTEM_SOFTWARE_VERSIONS,
      componentVersions: [],
      globalSoftwareVersion: null,
      globalSoftwareLastUpdate: null,
    });
    expect(frame.facts).toBeUndefined();
    expect(frame.rows).toEqual([]);
  });
});
