import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files worth compressing: text the browser downloads (source maps only load with the developer tools open). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest)$/;
/** Below this size a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Set by `npm start` (scripts/start.ts) for the build it runs before the ready line: the build writes the gzip copies
 * only, and the start writes the brotli ones after its ready line (writeMissingBrotliCopies). Brotli at quality 11 is
 * most of a build's CPU (docs/benchmarks.md, session 16).
 */
export const BROTLI_AFTER_BUILD_ENV = 'FLEET_PORTAL_BROTLI_AFTER_BUILD';

/** The compressible files of `dir` (recursively) of at least MIN_BYTES, as paths relative to `dir`, sorted. */
async function compressibleFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const candidates = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const sizes = await Promise.all(candidates.map(async (file) => (await fs.stat(file)).size));
  return candidates
    .filter((_, index) => (sizes[index] ?? 0) >= MIN_BYTES)
    .map((file) => path.relative(dir, file))
    .sort();
}

const brotliBest = (content: Buffer) =>
  brotli(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });

/**
 * Writes `<file>.gz` (level 9) and, unless `brotli` is false, `<file>.br` (quality 11) beside every compressible file of
 * `dir` (recursively) that is at least MIN_BYTES long; returns the files compressed.
 */
export async function precompressDir(dir: string, options: { brotli?: boolean } = {}): Promise<string[]> {
  const files = await compressibleFiles(dir);
  await Promise.all(
    files.map(async (name) => {
      const file = path.join(dir, name);
      const content = await fs.readFile(file);
      const [gz, br] = await Promise.all([
        gzip(content, { level: 9 }),
        options.brotli === false ? null : brotliBest(content),
      ]);
      await fs.writeFile(`${file}.gz`, gz);
      if (br !== null) await fs.writeFile(`${file}.br`, br);
    }),
  );
  return files;
}

/**
 * Writes the `<file>.br` copies (quality 11) that `dir` lacks, one file at a time (one of libuv's threads, beside a
 * running portal), each under a temporary name first and then renamed into place: the server sends a `.br` copy only
 * once it is complete, and the gzip copy or the file itself until then (@fastify/static tries the next encoding when a
 * copy is missing). Returns the files compressed now.
 */
export async function writeMissingBrotliCopies(dir: string): Promise<string[]> {
  const written: string[] = [];
  for (const name of await compressibleFiles(dir)) {
    const file = path.join(dir, name);
    const copy = `${file}.br`;
    if (await exists(copy)) continue;
    const partial = `${copy}.${process.pid}.partial`;
    try {
      await fs.writeFile(partial, await brotliBest(await fs.readFile(file)));
      await fs.rename(partial, copy);
    } finally {
      await fs.rm(partial, { force: true });
    }
    written.push(name);
  }
  return written;
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/**
 * After `vite build`, compressed copies of the built files, which the portal serves to browsers that accept them
 * (src/server/routes/static-site.ts, `preCompressed`): the report route's JavaScript travels brotli-compressed
 * without compressing on every request. With BROTLI_AFTER_BUILD_ENV=1, gzip copies only. Nothing after a failed build.
 */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'fleet-portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle(error?: Error) {
      // A failed build wrote nothing to compress: its own errors are the ones to show, not a missing folder's.
      if (error !== undefined) return;
      await precompressDir(outDir, { brotli: process.env[BROTLI_AFTER_BUILD_ENV] !== '1' });
    },
  };
}
