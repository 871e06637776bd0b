/**
 * The JavaScript a route loads, read from Vite's build manifest (`dist/.vite/manifest.json`): the chunks of the modules
 * the route starts (the entry, its page, the lazy chunks it fetches) and, recursively, their static imports. Dynamic
 * imports are not followed: a route lists the lazy modules it fetches, so a dialog opened by a click is not counted.
 */

/** One manifest entry (https://vite.dev/guide/backend-integration): keyed by source path or `_chunk` name. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** The JavaScript files (as in `file`) loaded for the given manifest keys and their static imports, in load order. */
export function jsClosure(manifest: Manifest, roots: readonly string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string, from: string): void => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`${from} names "${key}", which the build manifest lacks`);
    seen.add(key);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported, key);
  };
  for (const root of roots) visit(root, 'the route list');
  return files;
}

/** The manifest keys of the lazily loaded modules under a folder, e.g. a panel kind's `panels/kpi-card/`. */
export function dynamicEntriesUnder(manifest: Manifest, folder: string): string[] {
  const prefix = folder.endsWith('/') ? folder : `${folder}/`;
  const keys = Object.keys(manifest).filter((key) => key.startsWith(prefix) && manifest[key]?.isDynamicEntry === true);
  if (keys.length === 0) throw new Error(`no lazily loaded module under ${prefix} in the build manifest`);
  return keys;
}
