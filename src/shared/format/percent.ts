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

const percentFormats = new Map<string, Intl.NumberFormat>();

function percentFormat(language: string, decimals: number, signed: boolean): Intl.NumberFormat {
  const key = `${language}/${decimals}/${signed}`;
  let format = percentFormats.get(key);
  if (format === undefined) {
    // No grouping, as the portal writes percentages ('1234.50%').
    format = new Intl.NumberFormat(language, {
      style: 'percent',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: false,
      ...(signed ? { signDisplay: 'exceptZero' } : {}),
    });
    percentFormats.set(key, format);
  }
  return format;
}

/**
 * `formatPercent` in a language's separators and spacing (Intl): '12.34%' in en-US, as the portal shows it; '12,34 %'
 * in de-DE. What a text for a reader of that language uses (the report e-mail).
 */
export function formatPercentIn(language: string, fraction: number, decimals = 2): string {
  return percentFormat(language, decimals, false).format(fraction);
}

/** `formatSignedPercent` in a language: '+12.50%', '-5.00%', '0.00%' in en-US; '+12,50 %' in de-DE. */
export function formatSignedPercentIn(language: string, fraction: number, decimals = 2): string {
  return percentFormat(language, decimals, true).format(fraction);
}
