import type { SystemGroup } from '../../shared/system-group.ts';

/** URL query key of the selected system group (spec reports §2). */
export const GROUP_QUERY_KEY = 'selectedSystemGroup';

/** A path that keeps the selected group in the URL, so moving between pages keeps the group. */
export function withGroup(path: string, group: SystemGroup | null): string {
  return group === null ? path : `${path}?${GROUP_QUERY_KEY}=${encodeURIComponent(group)}`;
}
