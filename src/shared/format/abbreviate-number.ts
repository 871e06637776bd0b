/** Suffixes of spec reports §9 "Numbers abbreviate as k, M, B, T, P, E", one per factor of 1000. */
const SUFFIXES = ['', 'k', 'M', 'B', 'T', 'P', 'E'] as const;

function withoutTrailingZeros(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/**
 * 1234 → '1.2k', 1500000 → '1.5M', 999 → '999', -2500 → '-2.5k'; at most `decimals` decimals, trailing zeros dropped.
 * A value that rounds up to 1000 of one unit moves to the next (999 950 → '1M', not '1000k'). Not finite → '--'.
 */
export function abbreviateNumber(value: number, decimals = 1): string {
  if (!Number.isFinite(value)) return '--';
  const sign = value < 0 ? '-' : '';
  let unit = 0;
  let scaled = Math.abs(value);
  while (unit < SUFFIXES.length - 1 && Number(scaled.toFixed(decimals)) >= 1000) {
    scaled /= 1000;
    unit++;
  }
  const text = withoutTrailingZeros(scaled.toFixed(decimals));
  return text === '0' ? '0' : `${sign}${text}${SUFFIXES[unit]}`;
}
