/** A serial's sort key: its number with dashes removed, or null when that is not a number. */
function numericKey(serial: string): number | null {
  if (serial === '') return null;
  const value = Number(serial.replaceAll('-', ''));
  return Number.isFinite(value) ? value : null;
}

function compareKeys(a: string, left: number | null, b: string, right: number | null): number {
  if (left !== null && right !== null) return left - right || a.localeCompare(b);
  if ((left === null) !== (right === null)) return left !== null ? -1 : 1;
  return a.localeCompare(b);
}

/** Serial numbers compare with dashes removed, numerically (spec reports §2 "Serial sort"); non-numeric ones by text, last. */
export function compareSerials(a: string, b: string): number {
  return compareKeys(a, numericKey(a), b, numericKey(b));
}

/** A sorted copy; each serial's key is computed once, so thousands of systems sort in a few milliseconds. */
export function sortBySerial<T>(items: readonly T[], serialOf: (item: T) => string): T[] {
  return items
    .map((item) => {
      const serial = serialOf(item);
      return { item, serial, key: numericKey(serial) };
    })
    .sort((a, b) => compareKeys(a.serial, a.key, b.serial, b.key))
    .map((entry) => entry.item);
}
