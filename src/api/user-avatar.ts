import { useQuery } from '@tanstack/react-query';
import { getApiClient } from './http-client.ts';

/** Whether a picture URL is a picture the portal stores (`/api/users/{id}/avatar?v=…`), which needs the bearer token. */
export const isStoredAvatar = (url: string): boolean => url.startsWith('/api/');

/**
 * A user's stored picture (their profilePictureUrl, `/api/users/{id}/avatar?v=…`): it needs the bearer token, which an
 * `<img src>` cannot send, so it is fetched as a blob. The answer never changes for its `v`: cached for good.
 */
export function useAvatarBlob(url: string | null) {
  return useQuery({
    queryKey: ['users', 'avatar', url] as const,
    queryFn: ({ signal }) =>
      getApiClient()
        .options({ signal })
        .get(url ?? '')
        .blob(),
    enabled: url !== null && isStoredAvatar(url),
    staleTime: Infinity,
  });
}
