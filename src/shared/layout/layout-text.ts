import { jsonPointer } from './json-pointer.ts';

/**
 * A layout's text (a title, a KPI card's label, an export's limit text, a table's search placeholder, an empty state):
 * words as written (`"Production"`, shown as is in every language) or a key of the texts' `layouts` area
 * (`{ "key": "layouts.overview.production" }`, src/i18n/locales/<language>/layouts.json), shown in the user's language.
 */
export type LayoutText = string | LayoutTextKey;

/** `{ "key": "layouts.<report>.<name>" }`: a text of `locales/<language>/layouts.json`. */
export interface LayoutTextKey {
  key: string;
}

/** A key names an entry of the `layouts` area: `layouts.` then dot-separated names. */
export const LAYOUT_TEXT_KEY_PATTERN = '^layouts(\\.[A-Za-z0-9_-]+)+$';

/**
 * The JSON Schema of a layout text, inlined wherever a layout accepts one (the layout schema's `$defs.text` and the
 * kinds' options schemas, src/runtime/panel-sdk-options.ts `layoutText`).
 */
export function layoutTextSchema(description?: string): object {
  return {
    ...(description === undefined ? {} : { description }),
    anyOf: [
      { type: 'string', minLength: 1 },
      {
        type: 'object',
        properties: {
          key: {
            type: 'string',
            pattern: LAYOUT_TEXT_KEY_PATTERN,
            description: "A key of src/i18n/locales/en-US/layouts.json, e.g. 'layouts.overview.production'.",
          },
        },
        required: ['key'],
        additionalProperties: false,
      },
    ],
  };
}

/** `{ key: 'layouts.…' }` and nothing else: a text key (a table column's `{ key: 'consumed' }` is not one). */
export function isLayoutTextKey(value: unknown): value is LayoutTextKey {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const key = (value as { key?: unknown }).key;
  return keys.length === 1 && typeof key === 'string' && key.startsWith('layouts.');
}

/** Every text key a layout (or any part of it) names, with its JSON pointer. */
export function layoutTextKeysIn(value: unknown, pointer = ''): { pointer: string; key: string }[] {
  if (isLayoutTextKey(value)) return [{ pointer, key: value.key }];
  if (Array.isArray(value)) return value.flatMap((item, index) => layoutTextKeysIn(item, pointer + jsonPointer(index)));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([name, child]) => layoutTextKeysIn(child, pointer + jsonPointer(name)));
}

/**
 * The layout with every text key replaced by its words (`lookup`: the texts of the user's language): what the runtime
 * hands its panels, so a panel sees strings whichever form the layout wrote.
 */
export function resolveLayoutTexts<Value>(value: Value, lookup: (key: string) => string): Value {
  if (isLayoutTextKey(value)) return lookup(value.key) as Value;
  if (Array.isArray(value)) return value.map((item: unknown) => resolveLayoutTexts(item, lookup)) as Value;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, child]) => [name, resolveLayoutTexts(child, lookup)]),
  ) as Value;
}

/** The dotted paths of a texts file's entries: `{ layouts: { overview: { production: '…' } } }` → 'layouts.overview.production'. */
export function textKeysOf(texts: unknown, prefix = ''): string[] {
  if (typeof texts !== 'object' || texts === null) return prefix === '' ? [] : [prefix];
  return Object.entries(texts).flatMap(([name, child]) =>
    textKeysOf(child, prefix === '' ? name : `${prefix}.${name}`),
  );
}
