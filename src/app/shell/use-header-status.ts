import type { SystemGroup } from '../../shared/system-group.ts';
import { groupFilterData, useDateFilters } from '../../api/date-filters.ts';
import { useMaxKeepAlive } from '../../api/max-keep-alive.ts';
import { formatLastUpdate } from '../../shared/format/last-update.ts';
import { splitActiveSystems, type ActiveSystemsParts } from './header-format.ts';

export interface HeaderStatus {
  /** Formatted last-update time of the group in the viewer's zone, or null when unknown or invalid. */
  lastUpdate: string | null;
  /** The same instant as ISO UTC, for the time element. */
  lastUpdateUtc: string | null;
  /** Active-systems text in three parts, or null while loading. */
  activeSystems: ActiveSystemsParts | null;
}

export function useHeaderStatus(group: SystemGroup): HeaderStatus {
  const dateFilters = useDateFilters();
  const keepAlive = useMaxKeepAlive(group);
  return {
    lastUpdate: formatLastUpdate(keepAlive.data?.maxKeepAliveValueUtc),
    lastUpdateUtc: keepAlive.data?.maxKeepAliveValueUtc ?? null,
    activeSystems: splitActiveSystems(groupFilterData(dateFilters.data, group)?.activeSystems),
  };
}
