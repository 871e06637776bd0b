// @ts-check
// `npm ci`'s prepare step (package.json): makes what a first `npm start` needs before its ready line
// (prepare-first-start.ts), with the start's compile cache on, so the cache holds what the start will load.
// Never fails the install: what it could not make, `npm start` makes.
import { fileURLToPath } from 'node:url';
import { enablePortalCompileCache } from './compile-cache.mjs';

enablePortalCompileCache();
const root = fileURLToPath(new URL('..', import.meta.url));
try {
  const { prepareFirstStart } = await import('./prepare-first-start.ts');
  for (const line of await prepareFirstStart(root)) console.log(line);
} catch (error) {
  console.log(
    `Preparing the first start failed; npm start will do it: ${error instanceof Error ? error.message : error}`,
  );
}
// The start's modules stay loaded, and PGlite's template process or the build may leave handles open: done is done.
process.exit(0);
