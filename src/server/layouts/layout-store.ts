import { createHash } from 'node:crypto';
import { watch, type FSWatcher } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LAYOUT_CATALOG } from '../../../schemas/layout-catalog.ts';
import { checkLayoutText } from '../../shared/layout/check-layout-text.ts';
import type { LayoutIssue, ReportLayout } from '../../shared/layout/layout-types.ts';
import { formatLayoutIssue } from '../../shared/layout/validate-layout.ts';
import { layoutDisplayName, layoutFilesIn } from './check-layouts.ts';

/**
 * The report layouts the portal serves (docs/architecture.md "Layout runtime"): the one module that reads, validates
 * and keeps `layouts/*.json` while the portal runs. An in-app layout editor would save through here too.
 */

/** A layout as served: the last valid version of its file. */
export interface StoredLayout {
  layout: ReportLayout;
  /** Changes whenever that version does (a hash of the file's text): the route's entity tag. */
  version: string;
}

/** Where the store says what it did after a change: the terminal in the portal, a recorder in tests. */
export interface LayoutStoreOutput {
  info(line: string): void;
  error(line: string): void;
}

export interface LayoutStoreOptions {
  /** Re-read the folder whenever a file in it changes. Default false: read once. */
  watch?: boolean;
  /** How long to wait after the last change event before reading: one save is several events. */
  debounceMs?: number;
  output?: LayoutStoreOutput;
}

export interface LayoutStore {
  /** The last valid version of `<id>.json`; undefined when there is no such file or it was never valid. */
  layout(id: string): StoredLayout | undefined;
  /** The errors of `<id>.json` as it is on disk; empty while it is valid. Its last valid version is served meanwhile. */
  problems(id: string): readonly LayoutIssue[];
  /** Reads the folder again; what watching does after a change. */
  reload(): Promise<void>;
  /** Stops watching. */
  close(): void;
}

/** The layouts folder has errors when the portal starts: the message holds one `file:line:column: …` line per error. */
export class InvalidLayoutsError extends Error {
  override name = 'InvalidLayoutsError';
}

const DEFAULT_DEBOUNCE_MS = 50;
const SILENT: LayoutStoreOutput = { info: () => undefined, error: () => undefined };

interface LayoutFile {
  text: string;
  stored: StoredLayout | undefined;
  problems: LayoutIssue[];
}

const versionOf = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 16);

/**
 * Reads and validates every layout of `dir`, then (with `watch`) again after each change: a valid edit is served
 * from then on; an invalid one keeps the last valid version served, and its errors are printed and kept for admins.
 * Throws InvalidLayoutsError when a layout is invalid at the start.
 */
export async function openLayoutStore(dir: string, options: LayoutStoreOptions = {}): Promise<LayoutStore> {
  const output = options.output ?? SILENT;
  const files = new Map<string, LayoutFile>();

  async function readFolder(): Promise<Map<string, string>> {
    const texts = new Map<string, string>();
    for (const file of await layoutFilesIn(dir)) {
      // A file removed between the listing and the read is simply gone.
      const text = await readFile(file, 'utf8').catch(() => undefined);
      if (text !== undefined) texts.set(path.basename(file, '.json'), text);
    }
    return texts;
  }

  function update(id: string, text: string): LayoutFile {
    const previous = files.get(id);
    const { layout, errors } = checkLayoutText(text, layoutDisplayName(path.join(dir, `${id}.json`)), LAYOUT_CATALOG);
    const valid = layout !== null && errors.length === 0;
    const file: LayoutFile = {
      text,
      stored: valid ? { layout, version: versionOf(text) } : previous?.stored,
      problems: errors,
    };
    files.set(id, file);
    return file;
  }

  const initial = await readFolder();
  for (const [id, text] of initial) update(id, text);
  const startErrors = [...files.values()].flatMap((file) => file.problems);
  if (startErrors.length > 0) throw new InvalidLayoutsError(startErrors.map(formatLayoutIssue).join('\n'));

  async function readChanges(): Promise<void> {
    const texts = await readFolder();
    for (const [id, text] of texts) {
      if (files.get(id)?.text === text) continue;
      const name = layoutDisplayName(path.join(dir, `${id}.json`));
      const file = update(id, text);
      if (file.problems.length === 0) {
        output.info(`${name}: reloaded`);
        continue;
      }
      for (const issue of file.problems) output.error(formatLayoutIssue(issue));
      output.error(
        file.stored === undefined
          ? `${name}: not served until it is valid`
          : `${name}: its last valid version is served until it is fixed`,
      );
    }
    for (const id of files.keys()) {
      if (texts.has(id)) continue;
      files.delete(id);
      output.info(`${layoutDisplayName(path.join(dir, `${id}.json`))}: removed`);
    }
  }

  // One read at a time, in order: a change during a read is read again after it.
  let reading = Promise.resolve();
  const reload = () => {
    reading = reading
      .then(readChanges)
      .catch((error: unknown) => output.error(`Reading ${dir} failed: ${String(error)}`));
    return reading;
  };

  let watcher: FSWatcher | null = null;
  let timer: NodeJS.Timeout | undefined;
  if (options.watch === true) {
    const debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
    watcher = watch(dir, () => {
      clearTimeout(timer);
      timer = setTimeout(() => void reload(), debounceMs);
    });
    watcher.on('error', (error) => output.error(`Watching ${dir} failed: ${error.message}`));
  }

  return {
    layout: (id) => files.get(id)?.stored,
    problems: (id) => files.get(id)?.problems ?? [],
    reload,
    close: () => {
      clearTimeout(timer);
      watcher?.close();
    },
  };
}
