import { describe, expect, it, vi } from 'vitest';
import { loadPanelDefinition } from '../../panels/registry.ts';
import { preloadPanelKinds } from './ReportPanel.tsx';

describe('preloadPanelKinds', () => {
  it("fetches each kind's definition and code once, however often a report asks", async () => {
    expect(loadPanelDefinition('period-legend')).toBe(loadPanelDefinition('period-legend'));
    const definition = await loadPanelDefinition('period-legend');
    const load = vi.spyOn(definition, 'load');
    preloadPanelKinds(['period-legend', 'period-legend']);
    preloadPanelKinds(['period-legend']);
    await vi.waitFor(() => expect(load).toHaveBeenCalled());
    expect(load).toHaveBeenCalledTimes(1);
    await expect(load.mock.results[0]?.value).resolves.toBeTypeOf('function');
  });
});
