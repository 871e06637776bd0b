import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import type { LayoutIssue } from '../../shared/layout/layout-types.ts';
import { formatLayoutIssue } from '../../shared/layout/validate-layout.ts';
import { checkLayoutsDir } from './check-layouts.ts';

function describeErrors(errors: LayoutIssue[]): string {
  return `Invalid report layouts:\n${errors.map(formatLayoutIssue).join('\n')}`;
}

/**
 * Validates the report layouts where they enter the bundle: `vite build` (and Storybook's build) fails with the
 * same messages as `npm run layouts:check`; the dev server shows them in its error overlay and rechecks on every save.
 */
export function layoutsPlugin(options: { dir?: string } = {}): Plugin {
  let dir = '';
  let building = false;
  let devErrors: LayoutIssue[] = [];

  async function recheck(server: ViteDevServer): Promise<void> {
    const { errors, warnings } = await checkLayoutsDir(dir);
    devErrors = errors;
    for (const issue of [...errors, ...warnings]) server.config.logger.warn(formatLayoutIssue(issue));
    if (errors.length > 0)
      server.ws.send({ type: 'error', err: { message: describeErrors(errors), stack: '', plugin: 'layouts' } });
  }

  return {
    name: 'fleet-portal:layouts',
    configResolved(config) {
      dir = path.resolve(config.root, options.dir ?? 'layouts');
      building = config.command === 'build';
    },
    async buildStart() {
      if (!building) return;
      const { errors, warnings } = await checkLayoutsDir(dir);
      for (const warning of warnings) this.warn(formatLayoutIssue(warning));
      if (errors.length > 0) this.error(describeErrors(errors));
    },
    configureServer(server) {
      server.ws.on('connection', () => {
        if (devErrors.length > 0)
          server.ws.send({ type: 'error', err: { message: describeErrors(devErrors), stack: '', plugin: 'layouts' } });
      });
      return recheck(server);
    },
    async handleHotUpdate({ file, server }) {
      if (path.dirname(file) !== dir || !file.endsWith('.json')) return undefined;
      await recheck(server);
      return devErrors.length > 0 ? [] : undefined;
    },
  };
}
