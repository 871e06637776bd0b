/** Reading parsed JSON of unknown shape (a query's answer as a panel receives it). */

/** An object whose properties can be read by name (arrays included); not null. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The value at a dotted path ('period.timeframe', 'cards.total'); undefined when any step is missing or not an object. */
export function valueAt(node: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((current, key) => (isRecord(current) ? current[key] : undefined), node);
}
