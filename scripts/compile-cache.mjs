// @ts-check
// Node's compile cache for the portal's processes: each module's type-stripped source and V8's code for it, kept between
// starts in the OS's temporary folder. It has to be on before the first TypeScript module loads: with every module in
// the cache a start never loads Node's TypeScript stripper (amaro: about 1 CPU second with the compilation of its
// WebAssembly), and the portal's modules load about 0.6 s sooner (docs/benchmarks.md, "Restart: … session 21").
// NODE_COMPILE_CACHE hands the same cache to PGlite's worker thread and the child processes (the database template's,
// the web app's build). Used by start.mjs and prepare.mjs, which fills it for the first start.
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** Turns the portal's compile cache on for this process and the threads and processes it starts. */
export function enablePortalCompileCache() {
  process.env['NODE_COMPILE_CACHE'] ??= path.join(os.tmpdir(), 'node-compile-cache');
  module.enableCompileCache(process.env['NODE_COMPILE_CACHE']);
}
