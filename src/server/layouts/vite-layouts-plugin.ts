import path from 'node:path';
import type { ErrorPayload, Plugin, ViteDevServer } from 'vite';
import type { LayoutIssue } from '../../shared/layout/layout-types.ts';
import { formatLayoutIssue } from '../../shared/layout/validate-layout.ts';
import { checkLayoutsDir } from './check-layouts.ts';

function describeErrors(errors: LayoutIssue[]): string {
  return `Invalid report layouts:\n${errors.map(formatLayoutIssue).join('\n')}`;
}

/** The dev overlay's error: every issue in the message, the first one's position as the overlay's clickable location. */
export function overlayError(errors: LayoutIssue[]): ErrorPayload['err'] {
  const first = errors[0];
  const loc =
    first?.line === undefined
      ? undefined
      : { file: path.resolve(first.file), line: first.line, column: first.column ?? 1 };
  return {
    message: describeErrors(errors),
    stack: '',
    plugin: 'layouts',
    ...(loc === undefined ? {} : { id: loc.file, loc }),
  };
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
    if (errors.length > 0) server.ws.send({ type: 'error', err: overlayError(errors) });
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
        if (devErrors.length > 0) server.ws.send({ type: 'error', err: overlayError(devErrors) });
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
