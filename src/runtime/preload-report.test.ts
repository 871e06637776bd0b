import { describe, expect, it, vi } from 'vitest';
import { loadPanelComponent, loadPanelDefinition, preloadPanelKinds } from '../../panels/registry.ts';
import { preloadReport } from './preload-report.ts';
import { layoutFixture } from './report-layouts.fixtures.ts';

describe('preloading panel kinds', () => {
  it("fetches each kind's definition and component once, however often a report asks", async () => {
    expect(loadPanelDefinition('period-legend')).toBe(loadPanelDefinition('period-legend'));
    const definition = await loadPanelDefinition('period-legend');
    const load = vi.spyOn(definition, 'load');
    preloadPanelKinds(['period-legend', 'period-legend']);
    preloadPanelKinds(['period-legend']);
    await vi.waitFor(() => expect(load).toHaveBeenCalled());
    expect(load).toHaveBeenCalledTimes(1);
    expect(loadPanelComponent('period-legend')).toBe(loadPanelComponent('period-legend'));
    await expect(load.mock.results[0]?.value).resolves.toBeTypeOf('function');
  });

  it("starts loading every kind a report's layout places", async () => {
    const layout = layoutFixture('system-page');
    const kinds = [...new Set(Object.values(layout.panels).map((panel) => panel.kind))];
    expect(kinds).toContain('status-timeline');
    const definitions = await Promise.all(kinds.map((kind) => loadPanelDefinition(kind)));
    const loads = definitions.map((definition) => vi.spyOn(definition, 'load'));
    preloadReport(layout);
    await vi.waitFor(() => expect(loads.every((load) => load.mock.calls.length === 1)).toBe(true));
  });
});
