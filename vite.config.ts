import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import type { layoutsPlugin as createLayoutsPlugin } from './src/server/layouts/vite-layouts-plugin.ts';
import { precompressPlugin } from './src/server/static/vite-precompress-plugin.ts';
import { visualizer } from 'rollup-plugin-visualizer';

/**
 * The layout check, imported by Node at run time instead of bundled with this config: it reads each panel kind's
 * panels/<kind>/index.ts, whose lazy `import('./<Kind>Panel.tsx')` (React and CSS) the config bundler would follow.
 * Node never runs those imports (type stripping loads the .ts modules as the server does).
 */
async function layoutsPlugin(): Promise<Plugin> {
  const file = path.resolve(import.meta.dirname, 'src/server/layouts/vite-layouts-plugin.ts');
  const module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
    layoutsPlugin: typeof createLayoutsPlugin;
  };
  return module.layoutsPlugin();
}

/** The dev server forwards API, identity and runtime-config requests to a running portal (npm start). */
const portal = process.env['PORTAL_DEV_TARGET'] ?? 'https://localhost:8443';

/** `npm run build:report` sets BUNDLE_REPORT: a treemap of what each chunk holds (gzip sizes per module) in var/bundle-report.html. */
const bundleReport = process.env['BUNDLE_REPORT'] === '1';

export default defineConfig({
  plugins: [
    react(),
    await layoutsPlugin(),
    precompressPlugin(),
    bundleReport &&
      visualizer({
        filename: 'var/bundle-report.html',
        title: 'Fleet Portal bundle',
        template: 'treemap',
        gzipSize: true,
      }),
  ],
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    rollupOptions: {
      input: { main: 'index.html', redirect: 'redirect.html' },
    },
  },
  server: {
    proxy: Object.fromEntries(
      ['^/api/', '^/idp/', '^/config\\.js$', '^/docs/'].map((prefix) => [
        prefix,
        { target: portal, secure: false, changeOrigin: false },
      ]),
    ),
  },
});
