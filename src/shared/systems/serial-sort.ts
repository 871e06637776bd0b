/** Serial numbers compare with dashes removed, numerically (spec reports §2 "Serial sort"); non-numeric ones by text, last. */
export function compareSerials(a: string, b: string): number {
  const left = Number(a.replaceAll('-', ''));
  const right = Number(b.replaceAll('-', ''));
  const leftNumeric = a !== '' && Number.isFinite(left);
  const rightNumeric = b !== '' && Number.isFinite(right);
  if (leftNumeric && rightNumeric) return left - right || a.localeCompare(b);
  if (leftNumeric !== rightNumeric) return leftNumeric ? -1 : 1;
  return a.localeCompare(b);
}

/** A sorted copy. */
export function sortBySerial<T>(items: readonly T[], serialOf: (item: T) => string): T[] {
  return [...items].sort((a, b) => compareSerials(serialOf(a), serialOf(b)));
}
