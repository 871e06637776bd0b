import { isSystemGroup, type SystemGroup } from '../../shared/system-group.ts';
import type { UserSettings } from '../../shared/api-types.ts';

/**
 * The selected system group: the URL's group when it is one of the user's groups, else the user's default
 * (spec reports §2 "A group given in the URL takes precedence"); null until settings are loaded.
 */
export function resolveSelectedGroup(
  queryValue: string | null,
  settings: Pick<UserSettings, 'userSystemGroup' | 'defaultSystemGroup'> | undefined,
): SystemGroup | null {
  if (settings === undefined) return null;
  const groups = settings.userSystemGroup;
  if (isSystemGroup(queryValue) && groups.includes(queryValue)) return queryValue;
  if (settings.defaultSystemGroup !== null && groups.includes(settings.defaultSystemGroup)) {
    return settings.defaultSystemGroup;
  }
  return groups[0] ?? null;
}
