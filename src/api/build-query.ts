/** A value that can travel in a query string (spec shell §7 "Query parameters"). */
export type QueryValue = string | number | boolean | Date | null | undefined | readonly QueryValue[] | QueryObject;

/** Nested parameters; nested objects travel as dotted keys (`range.from`). */
export interface QueryObject {
  readonly [key: string]: QueryValue;
}

function append(search: URLSearchParams, key: string, value: QueryValue): void {
  if (value === undefined || value === null) return;
  if (value instanceof Date) {
    search.append(key, value.toISOString());
  } else if (Array.isArray(value)) {
    for (const item of value as readonly QueryValue[]) append(search, key, item);
  } else if (typeof value === 'object') {
    for (const [name, nested] of Object.entries(value as QueryObject)) append(search, `${key}.${name}`, nested);
  } else {
    search.append(key, String(value));
  }
}

/**
 * Builds a query string ('' or '?a=1&b=2'): undefined and null are skipped, dates are sent as ISO date strings,
 * arrays repeat their key (`systems=A&systems=B`) and nested objects use dotted keys.
 */
export function buildQuery(params: QueryObject): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) append(search, key, value);
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
