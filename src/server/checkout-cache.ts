import fs from 'node:fs';
import path from 'node:path';

/**
 * What the portal makes once per checkout and keeps for later starts (PGlite's migrated template, the dependency
 * bundles of scripts/dependency-bundles.ts): folders under node_modules/.cache, which `npm ci` empties together with the
 * packages they were made from. Each folder's name is a prefix and a hash of what it was made from; a new one is built
 * beside its place and renamed into it only once complete.
 */

/** The checkout's cache folder under `root`. */
export const checkoutCacheFolder = (root: string) => path.join(root, 'node_modules', '.cache', 'fleet-portal');

/** A folder beside `target` to build it in, renamed into place only once complete. */
export const partialFolder = (target: string) => `${target}.${process.pid}.partial`;

/**
 * Moves the finished `partial` to `target` and removes the other folders named `prefix…` beside it (other versions').
 * When another process put a complete `target` there first (`isComplete`), this one is dropped: both are the same.
 */
export function keepCacheFolder(
  partial: string,
  target: string,
  prefix: string,
  isComplete: (folder: string) => boolean,
): void {
  try {
    fs.renameSync(partial, target);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    if (!isComplete(target)) throw error;
  }
  const parent = path.dirname(target);
  for (const name of fs.readdirSync(parent)) {
    const other = path.join(parent, name);
    if (name.startsWith(prefix) && other !== target && !name.endsWith('.partial')) {
      fs.rmSync(other, { recursive: true, force: true });
    }
  }
}
