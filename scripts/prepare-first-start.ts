// `npm ci`'s last step (package.json "prepare", run by prepare.mjs): makes what a first `npm start` on a fresh clone
// would otherwise make before its ready line, as a release's download would bring it ready-made — the web app's build,
// the migrated PGlite template, the bundles of typebox and kysely and Node's compile cache of the start's modules.
// `npm start` then starts as on any later first start (docs/benchmarks.md "Fresh clone…, session 23"). Each part is
// what `npm start` would do itself and checks the same way whether it is needed; a part that fails is left to
// `npm start`, which does it again and says why: a failure here never fails `npm ci`.
import fs from 'node:fs';
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { startPglite } from '../src/server/db/pglite-open.ts';
import { copyPgliteTemplate, ensurePgliteTemplate, pgliteDataFolder } from '../src/server/db/pglite-template.ts';
import { buildDependencyBundles, useDependencyBundles } from './dependency-bundles.ts';
import { buildSpa, needsSpaBuild } from './start.ts';

/** One part of the preparation: what it makes, and the work (none when already there). */
interface Part {
  name: string;
  work: (() => Promise<void>) | null;
}

/**
 * The start's modules loaded once (not run), with the typebox and kysely bundles as the start loads them, so Node's
 * compile cache holds them: a first start then loads neither Node's TypeScript stripper nor uncached code.
 */
async function loadStartModules(root: string): Promise<void> {
  if (!useDependencyBundles(root)) {
    await buildDependencyBundles(root);
    useDependencyBundles(root);
  }
  // start.ts and its imports are loaded already (this module's own imports).
  await import('../src/server/main.ts');
  module.flushCompileCache();
}

/**
 * PGlite started once in its worker thread on a copy of `template` and stopped, so the compile cache holds the
 * worker's modules too (the template's own process runs with other V8 flags, whose code a start cannot use).
 */
async function startPgliteOnce(template: string): Promise<void> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-portal-prepare-'));
  try {
    const folder = path.join(scratch, 'pgdata');
    copyPgliteTemplate(template, folder);
    await (await startPglite(folder, () => undefined)).end();
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

function parts(root: string, env: NodeJS.ProcessEnv): Part[] {
  return [
    { name: "the web app's build", work: needsSpaBuild(root) ? () => buildSpa(root) : null },
    {
      name: 'the database template',
      // Only for the embedded database: with DATABASE_URL set the start uses no template.
      work: pgliteDataFolder(env, root) === null ? null : () => ensurePgliteTemplate().then(startPgliteOnce),
    },
    { name: 'the start-up modules bundled and compiled', work: () => loadStartModules(root) },
  ];
}

/** Runs every part at once and returns the lines to print: what was made, and what is left to `npm start`, and why. */
export async function prepareFirstStart(root: string, env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const started = performance.now();
  const todo = parts(root, env).filter((part): part is Part & { work: () => Promise<void> } => part.work !== null);
  const outcomes = await Promise.allSettled(todo.map((part) => part.work()));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const made = todo.filter((_, index) => outcomes[index]?.status === 'fulfilled').map((part) => part.name);
  const lines = [`Prepared the first start in ${seconds} s: ${made.length > 0 ? made.join(', ') : 'nothing to do'}.`];
  outcomes.forEach((outcome, index) => {
    if (outcome.status === 'rejected') {
      const reason = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
      lines.push(`Left to npm start, ${todo[index]?.name ?? ''}: ${reason}`);
    }
  });
  return lines;
}
