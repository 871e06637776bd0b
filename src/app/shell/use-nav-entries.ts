import type { PortalClaims } from '../../shared/auth/claims.ts';
import type { SystemGroup } from '../../shared/system-group.ts';
import { useRuntimeConfig } from '../RuntimeConfigContext.tsx';
import { navEntries, type NavEntry } from './nav-entries.ts';

/** What both headers receive. */
export interface HeaderProps {
  claims: PortalClaims;
  group: SystemGroup;
}

export function useNavEntries(claims: PortalClaims, group: SystemGroup): NavEntry[] {
  const { liveDashboardTenants } = useRuntimeConfig();
  return navEntries({ tenantId: claims.tenantId, selectedGroup: group, liveDashboardTenants });
}
