/**
 * What a layout author most likely meant by a value of the wrong JSON type, as the validator's "did you mean …?":
 * a number or a boolean written in quotes, one value where a list is expected, a number or a boolean where text is.
 * `expected` is the schema's type list (`['integer']`, `['array']`); undefined when no value of those types is
 * evident (an object for a number, 'many' for a boolean).
 */
export function typeSuggestion(value: unknown, expected: readonly string[]): string | undefined {
  const meant = valueOfType(value, expected);
  return meant === undefined ? undefined : `did you mean ${JSON.stringify(meant)}?`;
}

const BOOLEAN_WORDS: Readonly<Record<string, boolean>> = { true: true, false: false, yes: true, no: false };

function valueOfType(value: unknown, expected: readonly string[]): unknown {
  if (typeof value === 'string') {
    const word = BOOLEAN_WORDS[value.trim().toLowerCase()];
    if (expected.includes('boolean') && word !== undefined) return word;
    const number = value.trim() === '' ? NaN : Number(value);
    if (expected.includes('number') && Number.isFinite(number)) return number;
    if (expected.includes('integer') && Number.isInteger(number)) return number;
  }
  if ((typeof value === 'number' || typeof value === 'boolean') && expected.includes('string')) return String(value);
  if (expected.includes('array') && value !== null && typeof value !== 'object') return [value];
  return undefined;
}
