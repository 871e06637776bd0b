import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileData } from '../shared/api-types.ts';
import { getApiClient } from './http-client.ts';

export const PROFILE_DATA_PATH = '/api/users/profile-data';

export function fetchProfileData(signal?: AbortSignal): Promise<ProfileData> {
  return getApiClient().options({ signal }).get(PROFILE_DATA_PATH).json<ProfileData>();
}

export function profileDataQueryOptions() {
  return queryOptions({
    queryKey: ['users', 'profile-data'] as const,
    queryFn: ({ signal }) => fetchProfileData(signal),
    staleTime: Infinity,
  });
}

/** The signed-in user's profile (the "App user" of spec shell §3). */
export function useProfileData() {
  return useQuery(profileDataQueryOptions());
}
