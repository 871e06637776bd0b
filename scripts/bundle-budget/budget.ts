import { jsClosure, type Manifest } from './route-closure.ts';

/** A set of modules that load together (the app's start, a report route) and the most gzip bytes they may weigh. */
export interface Budget {
  name: string;
  /** Manifest keys: the entry (`index.html`) and the lazy modules fetched. */
  roots: readonly string[];
  maxGzipBytes: number;
}

export interface BudgetResult {
  name: string;
  files: string[];
  gzipBytes: number;
  maxGzipBytes: number;
  over: boolean;
}

/** Each budget's files and their summed gzip size (each file gzipped on its own, as the browser receives it). */
export function checkBudgets(
  manifest: Manifest,
  budgets: readonly Budget[],
  gzipBytesOf: (file: string) => number,
): BudgetResult[] {
  return budgets.map((budget) => {
    const files = jsClosure(manifest, budget.roots);
    const gzipBytes = files.reduce((sum, file) => sum + gzipBytesOf(file), 0);
    return {
      name: budget.name,
      files,
      gzipBytes,
      maxGzipBytes: budget.maxGzipBytes,
      over: gzipBytes > budget.maxGzipBytes,
    };
  });
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/** A plain-text table: one row per budget with its size, limit and verdict. */
export function budgetTable(results: readonly BudgetResult[]): string {
  const rows = results.map((result) => [
    result.name,
    String(result.files.length),
    kb(result.gzipBytes),
    kb(result.maxGzipBytes),
    result.over ? `OVER by ${kb(result.gzipBytes - result.maxGzipBytes)}` : 'ok',
  ]);
  const header = ['JavaScript of', 'files', 'gzip', 'budget', ''];
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]?.length ?? 0)));
  return [header, ...rows]
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
