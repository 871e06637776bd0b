/** A fraction shown as a percentage with 2 decimals (spec reports §5 "Percent display"): 0.1234 → '12.34%'. */
export function formatPercent(fraction: number, decimals = 2): string {
  return `${(fraction * 100).toFixed(decimals)}%`;
}

/** A fractional change with its sign: 0.125 → '+12.50%', -0.05 → '-5.00%', 0 → '0.00%'. */
export function formatSignedPercent(fraction: number, decimals = 2): string {
  const text = formatPercent(Math.abs(fraction), decimals);
  if (Number(text.slice(0, -1)) === 0) return formatPercent(0, decimals);
  return `${fraction < 0 ? '-' : '+'}${text}`;
}
