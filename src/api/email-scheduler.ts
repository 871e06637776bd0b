import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SchedulerEntry,
  SchedulerEntryInput,
  SchedulerTemplates,
  UnsubscribeRequest,
} from '../shared/contract/scheduler.contract.ts';
import { getApiClient } from './http-client.ts';

/** /api/email-reports-scheduler/* (spec shell §7): the signed-in user's e-mail report entries. */
export const SCHEDULER_PATH = '/api/email-reports-scheduler';

export function schedulerEntriesQueryOptions() {
  return queryOptions({
    queryKey: ['email-reports-scheduler', 'entries'] as const,
    queryFn: ({ signal }) =>
      getApiClient().options({ signal }).get(`${SCHEDULER_PATH}/entries`).json<SchedulerEntry[]>(),
  });
}

export function useSchedulerEntries() {
  return useQuery(schedulerEntriesQueryOptions());
}

export function useSchedulerTemplates() {
  return useQuery({
    queryKey: ['email-reports-scheduler', 'templates'] as const,
    queryFn: ({ signal }) =>
      getApiClient().options({ signal }).get(`${SCHEDULER_PATH}/templates`).json<SchedulerTemplates>(),
    staleTime: Infinity,
  });
}

/** Saves (creates, edits, toggles sending); the list then shows the server's answer for that entry. */
export function useSaveSchedulerEntry() {
  const queryClient = useQueryClient();
  const { queryKey } = schedulerEntriesQueryOptions();
  return useMutation({
    mutationFn: (input: SchedulerEntryInput) =>
      getApiClient().post(input, `${SCHEDULER_PATH}/entries`).json<SchedulerEntry>(),
    onSuccess: (saved) =>
      queryClient.setQueryData(queryKey, (entries = []) =>
        entries.some((entry) => entry.reportId === saved.reportId)
          ? entries.map((entry) => (entry.reportId === saved.reportId ? saved : entry))
          : [...entries, saved],
      ),
  });
}

export function useDeleteSchedulerEntry() {
  const queryClient = useQueryClient();
  const { queryKey } = schedulerEntriesQueryOptions();
  return useMutation({
    mutationFn: (reportId: string) =>
      getApiClient()
        .delete(`${SCHEDULER_PATH}/entries/${encodeURIComponent(reportId)}`)
        .res(),
    onSuccess: (_response, reportId) =>
      queryClient.setQueryData(queryKey, (entries = []) => entries.filter((entry) => entry.reportId !== reportId)),
  });
}

/**
 * The unsubscribe call of the public page: no sign-in, so no bearer token and no error toast; the page reads only
 * whether it succeeded (spec shell §7: the response is read only when ok).
 */
export async function unsubscribe(apiBase: string, request: UnsubscribeRequest): Promise<boolean> {
  try {
    const response = await fetch(`${apiBase}${SCHEDULER_PATH}/unsubscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    return response.ok;
  } catch {
    return false;
  }
}
