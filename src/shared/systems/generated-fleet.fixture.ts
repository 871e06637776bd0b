import type { FilterData } from './filter-data.ts';

/**
 * Test, story and benchmark fixture: a deterministic fleet of `systems` printers spread over `sites` sites with
 * `modelsPerSite` models each; serials like 'DT-10042' (dashes, so serial sort has work to do), every tenth with a nickname.
 */
export function generatedFleet({ systems = 2000, sites = 20, modelsPerSite = 4 } = {}): FilterData {
  const siteList = Array.from({ length: sites }, (_, index) => ({
    id: `site-${index + 1}`,
    name: `Site ${index + 1}`,
  }));
  const models = siteList.flatMap((site) =>
    Array.from({ length: modelsPerSite }, (_, index) => ({
      id: `model-${index + 1}`,
      name: `Model ${String.fromCharCode(65 + index)}`,
      siteId: site.id,
    })),
  );
  return {
    startDate: '2025-01-01',
    endDate: '2026-03-05',
    sites: siteList,
    models,
    systems: Array.from({ length: systems }, (_, index) => {
      const model = models[(index * 7) % models.length]!;
      const serial = 10000 + ((index * 7919) % 90000);
      return {
        id: `system-${index + 1}`,
        name: `${String(serial).slice(0, 2)}-${String(serial).slice(2)}`,
        siteId: model.siteId,
        modelId: model.id,
        systemNickName: index % 10 === 0 ? `Printer ${index + 1}` : null,
        isEverReported: index % 13 !== 0,
      };
    }),
  };
}
