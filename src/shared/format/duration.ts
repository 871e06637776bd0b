const DURATION_UNITS = [
  ['d', 86_400],
  ['h', 3_600],
  ['m', 60],
  ['s', 1],
] as const;

/**
 * Seconds as days, hours, minutes, seconds (spec reports §9), largest two non-zero units: 93784 → '1d 2h', 125 → '2m 5s',
 * 0 → '0s'. Years are shown as days.
 */
export function formatDuration(seconds: number): string {
  let rest = Math.max(0, Math.round(seconds));
  const parts: string[] = [];
  for (const [unit, size] of DURATION_UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 && parts.length < 2) parts.push(`${count}${unit}`);
    if (parts.length > 0 && count === 0) break;
  }
  return parts.length === 0 ? '0s' : parts.join(' ');
}
