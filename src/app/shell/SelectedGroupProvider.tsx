import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { SystemGroup } from '../../shared/system-group.ts';
import type { UserSettings } from '../../shared/api-types.ts';
import { withoutSelection } from '../../shared/systems/selection-query.ts';
import { useUserSettings } from '../../api/user-settings.ts';
import { GROUP_QUERY_KEY } from '../navigation/group-link.ts';
import { resolveSelectedGroup } from './selected-group.ts';

export interface SelectedGroupValue {
  /** Null until the user's settings are loaded (the shell shows a spinner meanwhile). */
  selectedGroup: SystemGroup | null;
  settings: UserSettings | null;
  settingsLoaded: boolean;
  userGroups: readonly SystemGroup[];
  selectGroup: (group: SystemGroup) => void;
}

const SelectedGroupContext = createContext<SelectedGroupValue | null>(null);

/**
 * The selected system group, kept in the URL query (selectedSystemGroup) with the user's default as fallback.
 * The report-filters machine will take this over together with the other filters.
 */
export function SelectedGroupProvider({ children }: { children: ReactNode }) {
  const settings = useUserSettings();
  const [params, setParams] = useSearchParams();
  const selectedGroup = resolveSelectedGroup(params.get(GROUP_QUERY_KEY), settings.data);

  const selectGroup = useCallback(
    (group: SystemGroup) =>
      setParams((previous) => {
        // Another group's sites, models and systems do not apply: the selection resets to all (spec reports §4).
        const next = withoutSelection(previous);
        next.set(GROUP_QUERY_KEY, group);
        return next;
      }),
    [setParams],
  );

  const value = useMemo<SelectedGroupValue>(
    () => ({
      selectedGroup,
      settings: settings.data ?? null,
      settingsLoaded: settings.data !== undefined,
      userGroups: settings.data?.userSystemGroup ?? [],
      selectGroup,
    }),
    [selectedGroup, settings.data, selectGroup],
  );
  return <SelectedGroupContext.Provider value={value}>{children}</SelectedGroupContext.Provider>;
}

export function useSelectedGroup(): SelectedGroupValue {
  const value = useContext(SelectedGroupContext);
  if (value === null) throw new Error('useSelectedGroup() outside SelectedGroupProvider');
  return value;
}
