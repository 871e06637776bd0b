// @ts-check
// `npm start`'s entry, in JavaScript: Node's compile cache (each module's type-stripped source and V8's code for it,
// kept between starts in the OS's temporary folder) has to be on before the first TypeScript module loads. With every
// module in the cache, a restart never loads Node's TypeScript stripper (amaro: about 1 CPU second per start with the
// compilation of its WebAssembly), and the portal's modules load about 0.6 s sooner (docs/benchmarks.md, "Restart: …
// session 21"). NODE_COMPILE_CACHE hands the same cache to PGlite's worker thread and the child processes (the
// database template's, the web app's build).
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

process.env['NODE_COMPILE_CACHE'] ??= path.join(os.tmpdir(), 'node-compile-cache');
module.enableCompileCache(process.env['NODE_COMPILE_CACHE']);
// typebox and kysely from bundles of their own when the last start made them (dependency-bundles.ts), else after ready.
const root = fileURLToPath(new URL('..', import.meta.url));
const { buildDependencyBundlesAfterReady, useDependencyBundles } = await import('./dependency-bundles.ts');
const bundled = useDependencyBundles(root);
const { start } = await import('./start.ts');
await start(bundled ? undefined : () => buildDependencyBundlesAfterReady(root));
