import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/** A kind's options module: panels/<kind>/options.ts. */
const OPTIONS_MODULE = /[\\/]panels[\\/][a-z][a-z0-9-]*[\\/]options\.ts$/;

/**
 * The browser build's panels/<kind>/options.ts: its exports as JSON literals. A kind's index.ts hands its TypeBox options
 * schema to `definePanel`, but only node (the layout validator, `panels:index`) reads it; built as JSON, no report route
 * carries TypeBox's builders (about 11 KB gzip). Types are erased either way.
 */
export async function optionsModuleAsJson(file: string): Promise<string> {
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  return Object.entries(module)
    .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
    .join('\n');
}

/** Vite plugin (build only) that loads each kind's options.ts as `optionsModuleAsJson` writes it. */
export function panelOptionsAsJsonPlugin(): Plugin {
  return {
    name: 'panel-options-as-json',
    apply: 'build',
    load: (id) => (OPTIONS_MODULE.test(id) ? optionsModuleAsJson(id) : null),
  };
}
