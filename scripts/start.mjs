// @ts-check
// `npm start`'s entry, in JavaScript: Node's compile cache (compile-cache.mjs) has to be on before the first TypeScript
// module loads.
import { fileURLToPath } from 'node:url';
import { enablePortalCompileCache } from './compile-cache.mjs';

enablePortalCompileCache();
// typebox and kysely from bundles of their own when the last start made them (dependency-bundles.ts), else after ready.
const root = fileURLToPath(new URL('..', import.meta.url));
const { buildDependencyBundlesAfterReady, useDependencyBundles } = await import('./dependency-bundles.ts');
const bundled = useDependencyBundles(root);
const { start } = await import('./start.ts');
await start(bundled ? undefined : () => buildDependencyBundlesAfterReady(root));
