import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { LayoutIssue } from '../../shared/layout/layout-types.ts';
import { LAYOUT_CATALOG } from '../../../schemas/layout-catalog.ts';
import { checkLayoutText } from '../../shared/layout/check-layout-text.ts';

/** All problems of the layout files checked. */
export interface LayoutsCheck {
  /** Number of layout files read. */
  files: number;
  errors: LayoutIssue[];
  warnings: LayoutIssue[];
}

/** How a file is named in messages: relative to the working directory when inside it (layouts/overview.json). */
export function layoutDisplayName(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative.split(path.sep).join('/');
}

/** The layout files of a folder: its *.json files (not recursive), in name order. */
export async function layoutFilesIn(dir: string): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  return names.map((name) => path.join(dir, name));
}

/** A path as people type it: a folder stands for its layout files, anything else for itself. */
async function layoutFilesAt(target: string): Promise<string[]> {
  return (await stat(target)).isDirectory() ? layoutFilesIn(target) : [target];
}

/**
 * Reads and validates layout files: each path a file or a folder of them (`npm run layouts:check -- layouts` or
 * `-- layouts/overview.json`). A path that does not exist is an error of its own.
 */
export async function checkLayouts(paths: readonly string[]): Promise<LayoutsCheck> {
  const result: LayoutsCheck = { files: 0, errors: [], warnings: [] };
  for (const target of paths) {
    const files = await layoutFilesAt(target).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      result.errors.push({ file: layoutDisplayName(target), pointer: '', message: 'no such file or folder' });
      return [];
    });
    for (const file of files) {
      const { errors, warnings } = checkLayoutText(
        await readFile(file, 'utf8'),
        layoutDisplayName(file),
        LAYOUT_CATALOG,
      );
      result.files += 1;
      result.errors.push(...errors);
      result.warnings.push(...warnings);
    }
  }
  return result;
}
