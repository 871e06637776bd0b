import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { buildInputsPlugin } from './src/server/static/vite-build-inputs-plugin.ts';
import { precompressPlugin } from './src/server/static/vite-precompress-plugin.ts';
import { visualizer } from 'rollup-plugin-visualizer';
import { panelOptionsAsJsonPlugin } from './scripts/panels/vite-panel-options-plugin.ts';

/** The dev server forwards API, identity and runtime-config requests to a running portal (npm start). */
const portal = process.env['PORTAL_DEV_TARGET'] ?? 'https://localhost:8443';

/** `npm run build:report` sets BUNDLE_REPORT: a treemap of what each chunk holds (gzip sizes per module) in var/bundle-report.html. */
const bundleReport = process.env['BUNDLE_REPORT'] === '1';

export default defineConfig({
  plugins: [
    react(),
    panelOptionsAsJsonPlugin(),
    buildInputsPlugin(),
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
    // Sizes are governed by our own per-route gzip budgets (scripts/bundle-budget.ts), not by Vite's 500 kB warning.
    chunkSizeWarningLimit: Number.POSITIVE_INFINITY,
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
