/** Rows per multi-row INSERT: ≤ 20 parameters a row stays far below PostgreSQL's 65,535-parameter limit. */
const INSERT_CHUNK = 1000;

/** The rows of one INSERT statement after another. */
export function insertChunks<T>(items: readonly T[], size = INSERT_CHUNK): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}
