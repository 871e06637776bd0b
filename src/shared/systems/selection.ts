import type { FilterData, FilterSystem, Selection } from './filter-data.ts';
import { sortBySerial } from './serial-sort.ts';

/**
 * Selection rules of the machine tree (spec reports §4). Pure: each returns a new selection in filter-data order.
 */

export const EMPTY_SELECTION: Selection = { siteIds: [], modelIds: [], serials: [] };

function ordered(
  data: FilterData,
  ids: { siteIds: Set<string>; modelIds: Set<string>; serials: Set<string> },
): Selection {
  return {
    siteIds: data.sites.filter((site) => ids.siteIds.has(site.id)).map((site) => site.id),
    modelIds: data.models.filter((model) => ids.modelIds.has(model.id)).map((model) => model.id),
    serials: data.systems.filter((system) => ids.serials.has(system.name)).map((system) => system.name),
  };
}

function sets(selection: Selection) {
  return {
    siteIds: new Set(selection.siteIds),
    modelIds: new Set(selection.modelIds),
    serials: new Set(selection.serials),
  };
}

/** Everything in the group's tree. */
export function selectAll(data: FilterData): Selection {
  return {
    siteIds: data.sites.map((site) => site.id),
    modelIds: data.models.map((model) => model.id),
    serials: data.systems.map((system) => system.name),
  };
}

export function isAllSelected(data: FilterData, selection: Selection): boolean {
  return data.systems.length > 0 && data.systems.every((system) => selection.serials.includes(system.name));
}

export function isNothingSelected(selection: Selection): boolean {
  return selection.siteIds.length === 0 && selection.modelIds.length === 0 && selection.serials.length === 0;
}

/** 'All' selects everything if nothing is selected, otherwise clears all. */
export function toggleAll(data: FilterData, selection: Selection): Selection {
  return isNothingSelected(selection) ? selectAll(data) : EMPTY_SELECTION;
}

/** A site selects or clears its models and systems with it. */
export function toggleSite(data: FilterData, selection: Selection, siteId: string): Selection {
  const ids = sets(selection);
  const select = !ids.siteIds.has(siteId);
  const apply = (set: Set<string>, id: string) => (select ? set.add(id) : set.delete(id));
  apply(ids.siteIds, siteId);
  for (const model of data.models) if (model.siteId === siteId) apply(ids.modelIds, model.id);
  for (const system of data.systems) if (system.siteId === siteId) apply(ids.serials, system.name);
  return ordered(data, ids);
}

/** Removes the model and site when none of their systems is left; adds them when one is. */
function reconcileParents(data: FilterData, ids: ReturnType<typeof sets>, system: { siteId: string; modelId: string }) {
  const selected = data.systems.filter((other) => ids.serials.has(other.name));
  if (selected.some((other) => other.modelId === system.modelId)) ids.modelIds.add(system.modelId);
  else ids.modelIds.delete(system.modelId);
  const siteHasModel = data.models.some((model) => model.siteId === system.siteId && ids.modelIds.has(model.id));
  if (selected.some((other) => other.siteId === system.siteId) || siteHasModel) ids.siteIds.add(system.siteId);
  else ids.siteIds.delete(system.siteId);
}

/** A model selects or clears its systems; its site follows (first one adds it, last one removes it). */
export function toggleModel(data: FilterData, selection: Selection, modelId: string): Selection {
  const model = data.models.find((candidate) => candidate.id === modelId);
  if (model === undefined) return selection;
  const ids = sets(selection);
  const select = !ids.modelIds.has(modelId);
  for (const system of data.systems) {
    if (system.modelId !== modelId) continue;
    if (select) ids.serials.add(system.name);
    else ids.serials.delete(system.name);
  }
  if (select) ids.modelIds.add(modelId);
  else ids.modelIds.delete(modelId);
  const siteSelected = data.models.some((other) => other.siteId === model.siteId && ids.modelIds.has(other.id));
  if (siteSelected) ids.siteIds.add(model.siteId);
  else ids.siteIds.delete(model.siteId);
  return ordered(data, ids);
}

/** Selecting the first system of a model or site adds that model and site; deselecting the last removes them. */
export function toggleSystem(data: FilterData, selection: Selection, serial: string): Selection {
  const system = data.systems.find((candidate) => candidate.name === serial);
  if (system === undefined) return selection;
  const ids = sets(selection);
  if (ids.serials.has(serial)) ids.serials.delete(serial);
  else ids.serials.add(serial);
  reconcileParents(data, ids, system);
  return ordered(data, ids);
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

export function sameSelection(a: Selection, b: Selection): boolean {
  const same = (x: string[], y: string[]) => x.length === y.length && x.every((value, index) => value === y[index]);
  return same(a.siteIds, b.siteIds) && same(a.modelIds, b.modelIds) && same(a.serials, b.serials);
}
