import { useMutation } from '@tanstack/react-query';
import type { LocaleUpdate } from '../shared/api-types.ts';
import { getApiClient } from './http-client.ts';

export const LOCALE_PATH = '/api/users/locale';

/** Saves the browser locale; callers never send it for super users (spec shell §6). */
export async function postLocale(update: LocaleUpdate): Promise<void> {
  await getApiClient().post(update, LOCALE_PATH).res();
}

export function useSaveLocale() {
  return useMutation({ mutationFn: postLocale });
}
