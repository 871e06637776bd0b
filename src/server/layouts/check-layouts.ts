import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { LayoutIssue } from '../../shared/layout/layout-types.ts';
import { checkLayoutText } from '../../shared/layout/check-layout-text.ts';
import { formatLayoutIssue } from '../../shared/layout/validate-layout.ts';

/** All problems of the layout files in a folder. */
export interface LayoutsCheck {
  /** Number of *.json files read. */
  files: number;
  errors: LayoutIssue[];
  warnings: LayoutIssue[];
}

/** How a file is named in messages: relative to the working directory when inside it (layouts/overview.json). */
function displayName(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative.split(path.sep).join('/');
}

/** Reads and validates every *.json file in `dir` (not recursive), in name order. */
export async function checkLayoutsDir(dir: string): Promise<LayoutsCheck> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  const errors: LayoutIssue[] = [];
  const warnings: LayoutIssue[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const result = checkLayoutText(await readFile(file, 'utf8'), displayName(file));
    errors.push(...result.errors);
    warnings.push(...result.warnings);
  }
  return { files: names.length, errors, warnings };
}

/** Throws when any layout in `dir` has an error; the message holds one formatted line per error. */
export async function assertLayoutsValid(dir: string): Promise<void> {
  const { errors } = await checkLayoutsDir(dir);
  if (errors.length > 0) {
    throw new Error(`Invalid report layouts in ${displayName(dir)}:\n${errors.map(formatLayoutIssue).join('\n')}`);
  }
}
