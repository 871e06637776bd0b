import type { ChunkingContext, CodeSplittingGroup } from 'rolldown';

/** A chunk of its own for the modules a set of root modules imports statically, at any depth. */
export interface StaticImportGroup {
  name: string;
  /**
   * Absolute module ids: each joins the group with what it imports, except that an entry, the module an entry page
   * (index.html) names and a lazily imported module stay where they are (their imports still join).
   */
  roots: readonly string[];
}

/**
 * Code that always loads together, as one file each. Left to itself, the bundler cuts what the app's entry imports
 * into a dozen chunks by which lazy pages also import each piece (react, the router's hooks, react-query, xstate,
 * i18next…), and what every report imports (its frame, grid, panel frame and query) into as many more; each file is
 * compressed on its own, so the pieces weigh more than the whole (docs/benchmarks.md "JavaScript budgets": 7 KB gzip
 * on the entry, 2–3 KB more on each report route). A module belongs to the first group that reaches it. Entries, the
 * module an entry page names and a lazily imported root are never captured, so the build manifest keeps them as keys,
 * and a lazy page's own code still loads with that page only.
 */
export function staticImportGroups(groups: readonly StaticImportGroup[]): CodeSplittingGroup[] {
  let members: Map<string, string> | null = null;
  // A module reached through a static import loads with the group anyway, even if something also imports it lazily.
  const capturable = (ctx: ChunkingContext, id: string, isRoot: boolean): boolean => {
    const info = ctx.getModuleInfo(id);
    if (info === null || info.isEntry || (isRoot && info.dynamicImporters.length > 0)) return false;
    return !info.importers.some((importer) => ctx.getModuleInfo(importer)?.isEntry === true);
  };
  const assign = (ctx: ChunkingContext): Map<string, string> => {
    const owner = new Map<string, string>();
    for (const group of groups) {
      const pending = [...group.roots];
      const reached = new Set<string>();
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (reached.has(id)) continue;
        reached.add(id);
        if (!owner.has(id) && capturable(ctx, id, group.roots.includes(id))) owner.set(id, group.name);
        pending.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
      }
    }
    return owner;
  };
  return groups.map((group) => ({
    debugName: group.name,
    name: (id: string, ctx: ChunkingContext) => {
      members ??= assign(ctx);
      return members.get(id) === group.name ? group.name : null;
    },
  }));
}
