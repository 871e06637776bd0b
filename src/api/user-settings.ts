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

export function useSaveUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUserSettings,
    onSuccess: (settings) => queryClient.setQueryData(userSettingsQueryOptions().queryKey, settings),
  });
}
