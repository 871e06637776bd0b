import type { FilterData, FilterSystem, Selection } from './filter-data.ts';
import { sortBySerial } from './serial-sort.ts';

/**
 * Selection rules of the machine tree (spec reports §4). Pure: each returns a new selection in filter-data order.
 * Systems carry the selection; a site or model is selected exactly when one of its systems is (sites and models
 * without systems keep the state they were given), so the parents always follow their systems.
 */

export const EMPTY_SELECTION: Selection = { siteIds: [], modelIds: [], serials: [] };

/**
 * The selection with unknown ids dropped and the parents derived from the selected systems (spec reports §4: the first
 * system of a model or site adds them, the last one removes them). Used for every rule and for selections from the URL.
 */
export function normaliseSelection(data: FilterData, selection: Selection): Selection {
  const serials = new Set(selection.serials);
  const selected = data.systems.filter((system) => serials.has(system.name));
  const sitesWithSystems = new Set(data.systems.map((system) => system.siteId));
  const modelsWithSystems = new Set(data.systems.map((system) => system.modelId));
  const selectedSites = new Set(selected.map((system) => system.siteId));
  const selectedModels = new Set(selected.map((system) => system.modelId));
  const listedSites = new Set(selection.siteIds);
  const listedModels = new Set(selection.modelIds);
  const modelIds = new Set(
    data.models
      .filter(
        (model) => selectedModels.has(model.id) || (!modelsWithSystems.has(model.id) && listedModels.has(model.id)),
      )
      .map((model) => model.id),
  );
  const siteIds = data.sites
    .filter(
      (site) =>
        selectedSites.has(site.id) ||
        (!sitesWithSystems.has(site.id) &&
          (listedSites.has(site.id) ||
            data.models.some((model) => model.siteId === site.id && modelIds.has(model.id)))),
    )
    .map((site) => site.id);
  return { siteIds, modelIds: [...modelIds], serials: selected.map((system) => system.name) };
}

/** Everything in the group's tree. */
export function selectAll(data: FilterData): Selection {
  return normaliseSelection(data, {
    siteIds: data.sites.map((site) => site.id),
    modelIds: data.models.map((model) => model.id),
    serials: data.systems.map((system) => system.name),
  });
}

export function isAllSelected(data: FilterData, selection: Selection): boolean {
  const serials = new Set(selection.serials);
  return data.systems.length > 0 && data.systems.every((system) => serials.has(system.name));
}

export function isNothingSelected(selection: Selection): boolean {
  return selection.siteIds.length === 0 && selection.modelIds.length === 0 && selection.serials.length === 0;
}

/** The filter button's dot (spec reports §2): something is selected, but not every system. */
export function isPartialSelection(data: FilterData, selection: Selection): boolean {
  return !isNothingSelected(selection) && !isAllSelected(data, selection);
}

/** 'All' selects everything if nothing is selected, otherwise clears all. */
export function toggleAll(data: FilterData, selection: Selection): Selection {
  return isNothingSelected(selection) ? selectAll(data) : EMPTY_SELECTION;
}

/** Adds or removes a group of systems (and, for parents without systems, their own ids). */
function withSystems(
  data: FilterData,
  selection: Selection,
  select: boolean,
  systems: FilterSystem[],
  own: { siteIds?: string[]; modelIds?: string[] },
): Selection {
  const apply = (current: string[], ids: string[]) => {
    const set = new Set(current);
    for (const id of ids) {
      if (select) set.add(id);
      else set.delete(id);
    }
    return [...set];
  };
  return normaliseSelection(data, {
    siteIds: apply(selection.siteIds, own.siteIds ?? []),
    modelIds: apply(selection.modelIds, own.modelIds ?? []),
    serials: apply(
      selection.serials,
      systems.map((system) => system.name),
    ),
  });
}

/** A site selects or clears its models and systems with it (a selected or partly selected site is cleared). */
export function toggleSite(data: FilterData, selection: Selection, siteId: string): Selection {
  if (!data.sites.some((site) => site.id === siteId)) return selection;
  const select = !selection.siteIds.includes(siteId);
  const models = data.models.filter((model) => model.siteId === siteId).map((model) => model.id);
  const systems = data.systems.filter((system) => system.siteId === siteId);
  return withSystems(data, selection, select, systems, { siteIds: [siteId], modelIds: models });
}

/**
 * A model selects or clears its systems (a selected or partly selected model is cleared); its site follows.
 * The same model can stand at several sites: with `siteId` only that site's branch is toggled.
 */
export function toggleModel(data: FilterData, selection: Selection, modelId: string, siteId?: string): Selection {
  const inBranch = (entry: { siteId: string }) => siteId === undefined || entry.siteId === siteId;
  if (!data.models.some((model) => model.id === modelId && inBranch(model))) return selection;
  const systems = data.systems.filter((system) => system.modelId === modelId && inBranch(system));
  const serials = new Set(selection.serials);
  const select =
    systems.length === 0 ? !selection.modelIds.includes(modelId) : !systems.some((system) => serials.has(system.name));
  return withSystems(data, selection, select, systems, { modelIds: [modelId] });
}

/** Selecting the first system of a model or site adds that model and site; deselecting the last removes them. */
export function toggleSystem(data: FilterData, selection: Selection, serial: string): Selection {
  const system = data.systems.find((candidate) => candidate.name === serial);
  if (system === undefined) return selection;
  return withSystems(data, selection, !selection.serials.includes(serial), [system], {});
}

/** Single-printer selection: exactly one site, model and serial. */
export function selectSingle(data: FilterData, serial: string): Selection | null {
  const system = data.systems.find((candidate) => candidate.name === serial);
  return system === undefined ? null : { siteIds: [system.siteId], modelIds: [system.modelId], serials: [system.name] };
}

/** The printer a single-printer report starts with: the first by serial sort. */
export function firstSystem(data: FilterData): FilterSystem | undefined {
  return sortBySerial(data.systems, (system) => system.name)[0];
}

/**
 * A selection for a single-printer report: its first serial by serial sort alone, or the report's first printer when
 * it names none that exists.
 */
export function toSinglePrinter(data: FilterData, selection: Selection): Selection {
  const known = normaliseSelection(data, selection).serials;
  const serial = sortBySerial(known, (name) => name)[0] ?? firstSystem(data)?.name;
  return (serial === undefined ? null : selectSingle(data, serial)) ?? EMPTY_SELECTION;
}

/** The selection a report starts with and returns to on a group change: everything, or its first printer only. */
export function defaultSelection(data: FilterData, singlePrinter: boolean): Selection {
  return singlePrinter ? toSinglePrinter(data, EMPTY_SELECTION) : selectAll(data);
}

export function sameSelection(a: Selection, b: Selection): boolean {
  const same = (x: string[], y: string[]) => x.length === y.length && x.every((value, index) => value === y[index]);
  return same(a.siteIds, b.siteIds) && same(a.modelIds, b.modelIds) && same(a.serials, b.serials);
}
