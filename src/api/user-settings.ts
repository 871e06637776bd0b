import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserSettings, UserSettingsUpdate } from '../shared/api-types.ts';
import { getApiClient } from './http-client.ts';

export const USER_SETTINGS_PATH = '/api/users/user-settings';

export function fetchUserSettings(signal?: AbortSignal): Promise<UserSettings> {
  return getApiClient().options({ signal }).get(USER_SETTINGS_PATH).json<UserSettings>();
}

/** Saves settings (never userSystemGroup, spec shell §7); the server answers with the stored settings. */
export function saveUserSettings(update: UserSettingsUpdate): Promise<UserSettings> {
  return getApiClient().post(update, USER_SETTINGS_PATH).json<UserSettings>();
}

export function userSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['users', 'user-settings'] as const,
    queryFn: ({ signal }) => fetchUserSettings(signal),
    staleTime: Infinity,
  });
}

export function useUserSettings() {
  return useQuery(userSettingsQueryOptions());
}

/**
 * Saves settings optimistically: the cached settings take the update at once, so nothing waits on the save, and then the
 * server's answer. A failed save keeps the update on screen (the API client reports the error). Saves run one at a time
 * (one mutation scope), so the last change is the one stored last.
 */
export function useSaveUserSettings() {
  const queryClient = useQueryClient();
  const { queryKey } = userSettingsQueryOptions();
  return useMutation({
    scope: { id: USER_SETTINGS_PATH },
    mutationFn: saveUserSettings,
    onMutate: (update) => {
      queryClient.setQueryData(queryKey, (cached) => (cached === undefined ? cached : { ...cached, ...update }));
    },
    onSuccess: (settings) => queryClient.setQueryData(queryKey, settings),
  });
}
