import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgreementUpdate } from '../shared/api-types.ts';
import { getApiClient } from './http-client.ts';
import { profileDataQueryOptions } from './profile-data.ts';

export const AGREEMENT_PATH = '/api/users/agreement';

export async function postAgreement(update: AgreementUpdate): Promise<void> {
  await getApiClient().post(update, AGREEMENT_PATH).res();
}

/** Records the user's answer to the terms; the profile is re-read so userAgreement reflects it. */
export function useSaveAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAgreement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileDataQueryOptions().queryKey }),
  });
}
