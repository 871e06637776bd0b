// The portal's start loads two of its dependencies from bundles of its own: typebox and kysely ship as about 680 and
// 255 small ES modules, which Node resolves, reads and links one by one on every start (a third of the portal's
// module loading, docs/benchmarks.md "Restart: typebox and kysely from bundles…"). Bundled, each entry point is one module and the
// code they share a few chunks; the code is the packages' own, unchanged.
//
// The bundles live in the checkout's cache (src/server/checkout-cache.ts), in a folder named by a hash of the packages'
// and the bundler's versions. A start uses them when they are there
// (useDependencyBundles, before the portal's modules load) and otherwise loads the packages as installed and makes the
// bundles after its ready line, in a child process at a lower CPU priority (buildDependencyBundlesAfterReady).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkoutCacheFolder, keepCacheFolder, partialFolder } from '../src/server/checkout-cache.ts';

/** Packages loaded from bundles: each ships hundreds of small ES modules and no files read by path at run time. */
export const BUNDLED_PACKAGES: readonly string[] = ['typebox', 'kysely'];
/** What the bundle folder holds besides the bundles: the specifier → file list the start's resolver reads. */
const MANIFEST = 'manifest.json';
const PREFIX = 'dependency-bundles-';
const THIS_SCRIPT = fileURLToPath(import.meta.url);
/** How much lower than the portal's own the bundler's CPU priority is (niceness): it runs while the portal serves. */
const BUNDLER_NICENESS = 10;
/** Raised when what this module writes changes, so older bundle folders are not read. */
const THIS_SCRIPT_FORMAT = 'dependency-bundles 1';

type Manifest = Record<string, string>;

const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
const packageJson = (root: string, name: string) => readJson(path.join(root, 'node_modules', name, 'package.json'));

/** The folder of the bundles of the installed versions (it may not exist yet). */
export function dependencyBundlesFolder(root: string): string {
  const hash = createHash('sha256').update(THIS_SCRIPT_FORMAT);
  for (const name of [...BUNDLED_PACKAGES, 'rolldown'])
    hash.update(`\0${name}@${String(packageJson(root, name)['version'])}`);
  return path.join(checkoutCacheFolder(root), `${PREFIX}${hash.digest('hex').slice(0, 16)}`);
}

/** Every ES module entry point `name` exports ('kysely', 'kysely/helpers/postgres', …), wildcards left out. */
function entryPoints(root: string, name: string): string[] {
  const exports = packageJson(root, name)['exports'];
  if (typeof exports !== 'object' || exports === null) return [name];
  return Object.keys(exports)
    .filter((subpath) => subpath.startsWith('.') && !subpath.includes('*') && !subpath.endsWith('.json'))
    .map((subpath) => (subpath === '.' ? name : `${name}${subpath.slice(1)}`));
}

/**
 * Makes the bundles of BUNDLED_PACKAGES in `folder` with rolldown: one file per entry point, the shared code in
 * chunks, everything else (Node's modules, other packages) imported as before. Built beside the folder and renamed
 * into place when complete; the folders of other versions are removed.
 */
export async function buildDependencyBundles(
  root: string,
  folder: string = dependencyBundlesFolder(root),
): Promise<void> {
  const { build } = await import('rolldown');
  const partial = partialFolder(folder);
  fs.rmSync(partial, { recursive: true, force: true });
  const manifest: Manifest = {};
  const input: Record<string, string> = {};
  for (const specifier of BUNDLED_PACKAGES.flatMap((name) => entryPoints(root, name))) {
    const chunk = specifier.replaceAll('/', '__');
    input[chunk] = specifier;
    manifest[specifier] = `${chunk}.mjs`;
  }
  const bundled = new RegExp(`^(${BUNDLED_PACKAGES.join('|')})(/|$)`);
  await build({
    input,
    cwd: root,
    platform: 'node',
    external: (id) => !id.startsWith('.') && !path.isAbsolute(id) && !bundled.test(id),
    logLevel: 'warn',
    output: { dir: partial, format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: 'shared-[hash].mjs' },
  });
  fs.writeFileSync(path.join(partial, MANIFEST), JSON.stringify(manifest, null, 2));
  keepCacheFolder(partial, folder, PREFIX, (complete) => fs.existsSync(path.join(complete, MANIFEST)));
}

/**
 * When the installed versions' bundles exist, this thread imports BUNDLED_PACKAGES' entry points from them (a module
 * resolution hook for those specifiers only). Returns whether it does. Call before anything imports those packages.
 */
export function useDependencyBundles(root: string, folder?: string): boolean {
  let urls: Map<string, string>;
  try {
    const bundles = folder ?? dependencyBundlesFolder(root);
    const manifest = readJson(path.join(bundles, MANIFEST)) as Manifest;
    urls = new Map(
      Object.entries(manifest).map(([specifier, file]) => [specifier, pathToFileURL(path.join(bundles, file)).href]),
    );
  } catch {
    return false;
  }
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const url = urls.get(specifier);
      return url === undefined ? nextResolve(specifier, context) : { url, format: 'module', shortCircuit: true };
    },
  });
  return true;
}

/**
 * Makes the bundles for the next start when this one had none: in a child process at a lower CPU priority, after the
 * ready line. Nothing is printed unless it fails (the portal runs on without them).
 */
export function buildDependencyBundlesAfterReady(root: string): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [THIS_SCRIPT, root], { stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      if (child.pid !== undefined) os.setPriority(child.pid, Math.min(19, os.getPriority() + BUNDLER_NICENESS));
    } catch {
      // Same priority as the portal.
    }
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (error) => {
      console.error(`Bundling typebox and kysely for the next start failed: ${error.message}`);
      resolve();
    });
    child.on('exit', (code) => {
      if (code !== 0) console.error(`Bundling typebox and kysely for the next start failed:\n${errors.trim()}`);
      resolve();
    });
  });
}

// `node scripts/dependency-bundles.ts <root>`: what buildDependencyBundlesAfterReady runs.
if (import.meta.main) await buildDependencyBundles(process.argv[2] ?? process.cwd());
