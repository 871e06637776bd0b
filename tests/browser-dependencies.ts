import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Where the code that runs in the browser lives (the app, the panels, the stories' preview). */
const BROWSER_FOLDERS = ['panels', 'src/app', 'src/runtime', 'src/api', 'src/machines', 'src/shared', '.storybook'];

/** A value import or re-export of a bare specifier (`import type` is erased and loads nothing), or a dynamic import. */
const BARE_IMPORT =
  /^\s*(?:import|export)\s+(?!type\b)[^'"]*?['"]([^'"./][^'"]*)['"]|import\(\s*['"]([^'"./][^'"]*)['"]\s*\)/gm;

function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/**
 * Every module of the app's runtime dependencies (package.json `dependencies`) that browser code imports, e.g.
 * 'primereact/multiselect'. The storybook test project pre-bundles exactly these before its first story: a dependency
 * Vite first meets mid-run (a lazily imported panel's) is optimised then and reloads the browser, so the stories running
 * at that moment fail ("Cannot read properties of null (reading 'useContext')": two copies of React, or an iframe that
 * never becomes ready). Read from the source each run, so a panel that starts using a new module is covered.
 */
export function browserDependencyModules(root = process.cwd()): string[] {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const dependencies = new Set(Object.keys(manifest.dependencies));
  const modules = new Set<string>();
  for (const folder of BROWSER_FOLDERS) {
    for (const name of readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name)) continue;
      const source = readFileSync(path.join(root, folder, name), 'utf8');
      for (const match of source.matchAll(BARE_IMPORT)) {
        const specifier = match[1] ?? match[2] ?? '';
        if (dependencies.has(packageOf(specifier)) && !specifier.endsWith('.css')) modules.add(specifier);
      }
    }
  }
  return [...modules].sort();
}
