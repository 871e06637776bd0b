import { describe, expect, it, vi } from 'vitest';
import { PANEL_REGISTRY } from '../../panels/registry.ts';
import { preloadPanelKinds } from './ReportPanel.tsx';

describe('preloadPanelKinds', () => {
  it("fetches each kind's code once, however often a report asks", async () => {
    const load = vi.spyOn(PANEL_REGISTRY['period-legend'], 'load');
    preloadPanelKinds(['period-legend', 'period-legend']);
    preloadPanelKinds(['period-legend']);
    expect(load).toHaveBeenCalledTimes(1);
    await expect(load.mock.results[0]?.value).resolves.toBeTypeOf('function');
  });
});
