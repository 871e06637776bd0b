/**
 * The JSON text with the value of the first member named `name` replaced by `value` (JSON text), the rest untouched
 * character for character; undefined when no member has that name. What lets a generator own one part of a
 * hand-written JSON file (the layout schema's `$defs.panelOptions`) while people edit the rest.
 */
export function replaceJsonMember(text: string, name: string, value: string): string | undefined {
  const key = new RegExp(`"${name}"\\s*:\\s*`).exec(text);
  if (key === null) return undefined;
  const start = key.index + key[0].length;
  const end = endOfJsonValue(text, start);
  return text.slice(0, start) + value + text.slice(end);
}

/** Index just past the JSON value (object, array, string or literal) that starts at `start`. */
function endOfJsonValue(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
      if (!inString && depth === 0) return index + 1;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) return index + 1;
    } else if (depth === 0 && /[,}\]\s]/.test(char ?? '')) return index;
  }
  return text.length;
}
