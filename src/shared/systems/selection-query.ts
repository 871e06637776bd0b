import type { Selection } from './filter-data.ts';

/** URL query keys of the machine tree's selection (spec reports §2: the filter state is mirrored in the URL). */
export const SELECTION_QUERY_KEYS = { siteIds: 'sites', modelIds: 'models', serials: 'systems' } as const;

/** Ids are joined with commas; serials and ids never contain one. */
const SEPARATOR = ',';

type SelectionKey = keyof typeof SELECTION_QUERY_KEYS;
const KEYS = Object.keys(SELECTION_QUERY_KEYS) as SelectionKey[];

function split(value: string | null): string[] {
  return value === null ? [] : value.split(SEPARATOR).filter((id) => id !== '');
}

/** The selection the URL names, or undefined when it names none of the three keys (the report's default selection). */
export function selectionFromQuery(query: URLSearchParams): Selection | undefined {
  if (!KEYS.some((key) => query.has(SELECTION_QUERY_KEYS[key]))) return undefined;
  return {
    siteIds: split(query.get(SELECTION_QUERY_KEYS.siteIds)),
    modelIds: split(query.get(SELECTION_QUERY_KEYS.modelIds)),
    serials: split(query.get(SELECTION_QUERY_KEYS.serials)),
  };
}

/**
 * The three query values of a selection; null for every key when the selection is the report's default (nothing in the
 * URL). An empty selection is written as empty values, so 'nothing selected' survives a reload.
 */
export function selectionQueryValues(selection: Selection | null): Record<string, string | null> {
  return Object.fromEntries(
    KEYS.map((key) => [SELECTION_QUERY_KEYS[key], selection === null ? null : selection[key].join(SEPARATOR)]),
  );
}

/** The query without the selection keys: a group change resets the selection to all (spec reports §4). */
export function withoutSelection(query: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(query);
  for (const key of KEYS) next.delete(SELECTION_QUERY_KEYS[key]);
  return next;
}
