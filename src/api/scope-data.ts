import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ScopeCustomer, ScopeSite, ScopeSystem } from '../shared/contract/scope.contract.ts';
import { getApiClient } from './http-client.ts';

/** The scope hierarchy of spec shell §3 as the signed-in user may see it: GET /api/data/customers|sites|systems. */
export interface ScopeData {
  customers: ScopeCustomer[];
  sites: ScopeSite[];
  systems: ScopeSystem[];
}

function scopeQuery<T>(part: 'customers' | 'sites' | 'systems') {
  return {
    queryKey: ['data', part] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      getApiClient().options({ signal }).get(`/api/data/${part}`).json<T[]>(),
    // The hierarchy changes with provisioning, not while a page is open (spec shell §4: loaded once).
    staleTime: Infinity,
  };
}

/** All three lists once each has loaded; undefined while any is loading. */
export function useScopeData(): ScopeData | undefined {
  const customers = useQuery(scopeQuery<ScopeCustomer>('customers'));
  const sites = useQuery(scopeQuery<ScopeSite>('sites'));
  const systems = useQuery(scopeQuery<ScopeSystem>('systems'));
  return useMemo(
    () =>
      customers.data === undefined || sites.data === undefined || systems.data === undefined
        ? undefined
        : { customers: customers.data, sites: sites.data, systems: systems.data },
    [customers.data, sites.data, systems.data],
  );
}
