import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EMAIL_IN_USE_CODE,
  USER_SEARCH_MIN_CHARS,
  type ListedUser,
  type UserSave,
} from '../shared/contract/users.contract.ts';
import { customErrorCode } from './error-catalogue.ts';
import { ApiError, getApiClient } from './http-client.ts';

/** Account Management's calls (spec shell §7): GET /api/users/extended, POST /api/users, DELETE /api/users/{id}. */
export const USERS_PATH = '/api/users';

/** The search the list call sends: trimmed, and only from 2 characters on (spec shell §2); shorter lists everybody. */
export function effectiveSearch(text: string): string {
  const trimmed = text.trim();
  return trimmed.length >= USER_SEARCH_MIN_CHARS ? trimmed : '';
}

export function usersQueryOptions(search = '') {
  const text = effectiveSearch(search);
  return queryOptions({
    queryKey: ['users', 'extended', text] as const,
    queryFn: ({ signal }) => {
      const query = text === '' ? '' : `?${new URLSearchParams({ search: text })}`;
      return getApiClient().options({ signal }).get(`${USERS_PATH}/extended${query}`).json<ListedUser[]>();
    },
  });
}

/** The tenant's users, narrowed by `search` (the previous list stays shown while a new search loads). */
export function useUsers(search = '') {
  return useQuery({ ...usersQueryOptions(search), placeholderData: keepPreviousData });
}

/** Creates (no id) or updates one user; the server answers a list of that user. Cached lists are read again. */
export async function saveUser(user: UserSave): Promise<ListedUser> {
  const [saved] = await getApiClient().post([user], USERS_PATH).json<ListedUser[]>();
  if (saved === undefined) throw new Error('POST /api/users answered no user');
  return saved;
}

/** True when a save failed because another user already has the e-mail (spec shell §8: a 5xx body 'CODE:1000'). */
export function isEmailInUse(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.failure.kind !== 'http' || error.failure.status < 500) return false;
  return customErrorCode(error.failure.body) === EMAIL_IN_USE_CODE;
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      getApiClient()
        .delete(`${USERS_PATH}/${encodeURIComponent(id)}`)
        .res(),
    onSuccess: (_response, id) => {
      queryClient.setQueriesData<ListedUser[]>({ queryKey: ['users', 'extended'] }, (users) =>
        users?.filter((user) => user.id !== id),
      );
    },
  });
}
