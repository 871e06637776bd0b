import type {
  FilterData,
  FilterModel,
  FilterSite,
  FilterSystem,
  Selection,
} from '../../../shared/systems/filter-data.ts';
import { sortBySerial } from '../../../shared/systems/serial-sort.ts';

/** A checkbox of the tree: every system below selected, some, or none (spec reports §2). */
export type CheckState = 'checked' | 'partial' | 'none';

/** The tree of one group's filter data: sites, their models, their systems by serial sort. */
export interface TreeIndex {
  systemCount: number;
  sites: { site: FilterSite; models: { model: FilterModel; systems: FilterSystem[] }[] }[];
}

export function indexTree(data: FilterData): TreeIndex {
  const byBranch = new Map<string, FilterSystem[]>();
  for (const system of sortBySerial(data.systems, (entry) => entry.name)) {
    const key = `${system.siteId}/${system.modelId}`;
    const branch = byBranch.get(key);
    if (branch === undefined) byBranch.set(key, [system]);
    else branch.push(system);
  }
  return {
    systemCount: data.systems.length,
    sites: data.sites.map((site) => ({
      site,
      models: data.models
        .filter((model) => model.siteId === site.id)
        .map((model) => ({
          model,
          systems: byBranch.get(`${site.id}/${model.id}`) ?? [],
        })),
    })),
  };
}

/** One visible row of the flattened tree. */
export interface TreeRow {
  kind: 'site' | 'model' | 'system';
  /** Unique among the rows (a model can stand at several sites). */
  key: string;
  /** Site id, model id or serial number: what the selection and fold events name. */
  id: string;
  siteId: string;
  label: string;
  /** The system's nickname, shown after its serial. */
  nickname?: string;
  /** 1 site, 2 model, 3 system (aria-level). */
  level: 1 | 2 | 3;
  check: CheckState;
  /** Sites and models fold; null for systems. */
  expanded: boolean | null;
  /** What a fold event names: the site id, or `siteId/modelId` for one site's branch of a model. */
  foldId: string;
  /** Its toggle does nothing: site and model in single-printer mode, or below a selected parent without low-level select. */
  disabled: boolean;
}

export interface TreeRowOptions {
  foldedSiteIds: readonly string[];
  /**
   * A model id folds that model at every site (the machine starts with all models folded); a `siteId/modelId` entry
   * flips one site's branch, so unfolding a model at one site leaves it folded at the others.
   */
  foldedModelIds: readonly string[];
  /** Search text: rows whose name (or a system's nickname) contains it, with their ancestors; matches show unfolded. */
  search: string;
  /** Only one printer may be selected: site and model toggles are disabled (spec reports §2). */
  singlePrinter: boolean;
  /** Without low-level select, a selected parent checks and disables its children (spec reports §2). */
  lowLevelSelect: boolean;
}

function checkOf(selected: number, total: number, listed: boolean): CheckState {
  if (total === 0) return listed ? 'checked' : 'none';
  if (selected === 0) return 'none';
  return selected === total ? 'checked' : 'partial';
}

/** The 'All' row's checkbox. */
export function allCheckState(data: FilterData, selection: Selection): CheckState {
  const serials = new Set(selection.serials);
  const selected = data.systems.filter((system) => serials.has(system.name)).length;
  return checkOf(selected, data.systems.length, false);
}

const contains = (text: string | null | undefined, term: string) =>
  text !== null && text !== undefined && text.toLowerCase().includes(term);

/** The rows to show, top to bottom: what the virtualised list renders a window of. */
export function buildTreeRows(index: TreeIndex, selection: Selection, options: TreeRowOptions): TreeRow[] {
  const serials = new Set(selection.serials);
  const term = options.search.trim().toLowerCase();
  const searching = term !== '';
  const foldedSites = new Set(options.foldedSiteIds);
  const foldedModels = new Set(options.foldedModelIds);
  const rows: TreeRow[] = [];
  for (const { site, models } of index.sites) {
    const siteMatches = contains(site.name, term);
    const branches = models
      .map(({ model, systems }) => {
        const modelMatches = siteMatches || contains(model.name, term);
        const shown =
          !searching || modelMatches
            ? systems
            : systems.filter((system) => contains(system.name, term) || contains(system.systemNickName, term));
        return { model, systems, shown, visible: !searching || modelMatches || shown.length > 0 };
      })
      .filter((branch) => branch.visible);
    if (searching && !siteMatches && branches.length === 0) continue;
    const siteSystems = models.flatMap((branch) => branch.systems);
    const siteCheck = checkOf(
      siteSystems.filter((system) => serials.has(system.name)).length,
      siteSystems.length,
      selection.siteIds.includes(site.id),
    );
    const siteExpanded = searching || !foldedSites.has(site.id);
    const lockedBySite = !options.lowLevelSelect && siteCheck === 'checked';
    rows.push({
      kind: 'site',
      key: `site:${site.id}`,
      id: site.id,
      siteId: site.id,
      label: site.name,
      level: 1,
      check: siteCheck,
      expanded: siteExpanded,
      foldId: site.id,
      disabled: options.singlePrinter,
    });
    if (!siteExpanded) continue;
    for (const { model, systems, shown } of branches) {
      const modelCheck = checkOf(
        systems.filter((system) => serials.has(system.name)).length,
        systems.length,
        selection.modelIds.includes(model.id),
      );
      const foldId = `${site.id}/${model.id}`;
      const modelExpanded = searching || foldedModels.has(model.id) === foldedModels.has(foldId);
      const lockedByModel = lockedBySite || (!options.lowLevelSelect && modelCheck === 'checked');
      rows.push({
        kind: 'model',
        key: `model:${foldId}`,
        foldId,
        id: model.id,
        siteId: site.id,
        label: model.name,
        level: 2,
        check: lockedBySite ? 'checked' : modelCheck,
        expanded: modelExpanded,
        disabled: options.singlePrinter || lockedBySite,
      });
      if (!modelExpanded) continue;
      for (const system of shown) {
        rows.push({
          kind: 'system',
          key: `system:${system.name}`,
          id: system.name,
          siteId: site.id,
          label: system.name,
          ...(system.systemNickName ? { nickname: system.systemNickName } : {}),
          level: 3,
          check: lockedByModel || serials.has(system.name) ? 'checked' : 'none',
          expanded: null,
          foldId: system.name,
          disabled: lockedByModel,
        });
      }
    }
  }
  return rows;
}
