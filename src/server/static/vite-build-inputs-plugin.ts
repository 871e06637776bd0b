import path from 'node:path';
import type { Plugin } from 'vite';

/** Where a build records what it read, inside its output folder (beside Vite's manifest; not served: a dot folder). */
export const BUILD_INPUTS_FILE = '.vite/inputs.json';

/** What a build read: when it started, and the project's files among its modules (paths relative to the root). */
export interface BuildInputs {
  startedAt: number;
  files: string[];
}

/**
 * Records the project files the web app is built from (every module of the bundle outside node_modules: code, CSS,
 * JSON), so `npm start` rebuilds only when one of them changed (scripts/start.ts) rather than keeping a list by hand.
 */
export function buildInputsPlugin(): Plugin {
  let root = '';
  let startedAt = 0;
  return {
    name: 'fleet-portal:build-inputs',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      startedAt = Date.now();
    },
    generateBundle() {
      const files = new Set<string>();
      for (const id of this.getModuleIds()) {
        const file = id.split('?')[0] ?? '';
        const relative = path.relative(root, file);
        if (!path.isAbsolute(file) || relative.startsWith('..') || relative.split(path.sep).includes('node_modules')) {
          continue;
        }
        files.add(relative.split(path.sep).join('/'));
      }
      const inputs: BuildInputs = { startedAt, files: [...files].sort() };
      this.emitFile({ type: 'asset', fileName: BUILD_INPUTS_FILE, source: JSON.stringify(inputs, null, 1) });
    },
  };
}
