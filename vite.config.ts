import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { buildInputsPlugin } from './src/server/static/vite-build-inputs-plugin.ts';
import { precompressPlugin } from './src/server/static/vite-precompress-plugin.ts';
import { visualizer } from 'rollup-plugin-visualizer';
import { panelOptionsAsJsonPlugin } from './scripts/panels/vite-panel-options-plugin.ts';
import { staticImportGroups } from './src/server/static/vite-chunk-groups.ts';

/** The dev server forwards API, identity and runtime-config requests to a running portal (npm start). */
const portal = process.env['PORTAL_DEV_TARGET'] ?? 'https://localhost:8443';

const sourceFile = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

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
  resolve: {
    alias: [
      // ECharts bundles its Chinese texts beside the English ones and picks them only when the page's <html lang> says
      // zh; the portal's pages say en, so the Chinese file is never read (0.7 KB gzip on each chart route).
      { find: /^\.\.\/i18n\/langZH\.js$/, replacement: '../i18n/langEN.js' },
      // @xstate/react imports the shims of useSyncExternalStore for React before 18; with React 19 they only hand on
      // React's own, so their fallback code is left out (0.15 KB gzip on every page).
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
      { find: /^use-sync-external-store\/shim$/, replacement: 'use-sync-external-store' },
    ],
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    // Sizes are governed by our own per-route gzip budgets (scripts/bundle-budget.ts), not by Vite's 500 kB warning.
    chunkSizeWarningLimit: Number.POSITIVE_INFINITY,
    rollupOptions: {
      input: { main: 'index.html', redirect: 'redirect.html' },
      // Rolldown warns when plugins take most of a build's time, which happens whenever the machine is busy (a first
      // start builds beside the database's creation, at a lower priority): a warning the person starting the portal
      // cannot act on (issue #25). Build times are measured in docs/benchmarks.md instead.
      checks: { bundlerTimings: false },
      // What always loads together travels as one file (vite-chunk-groups.ts): the app's start, and every report's runtime.
      output: {
        codeSplitting: {
          groups: staticImportGroups([
            { name: 'app-start', roots: [sourceFile('src/app/main.tsx')] },
            {
              name: 'report-runtime',
              roots: ['src/runtime/ReportPage.tsx', 'src/app/pages/ReportFrame.tsx', 'src/runtime/panel-sdk.ts'].map(
                sourceFile,
              ),
            },
          ]),
        },
      },
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
