import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { layoutsPlugin } from './src/server/layouts/vite-layouts-plugin.ts';
import { precompressPlugin } from './src/server/static/vite-precompress-plugin.ts';

/** The dev server forwards API, identity and runtime-config requests to a running portal (npm start). */
const portal = process.env['PORTAL_DEV_TARGET'] ?? 'https://localhost:8443';

export default defineConfig({
  plugins: [react(), layoutsPlugin(), precompressPlugin()],
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
