import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GoalSave, GoalsQuery, GoalsResponse } from '../shared/api-types.ts';
import { getApiClient } from './http-client.ts';

export const GOALS_PATH = '/api/data/goals';

/** The browser's clock as the goals call takes it (spec shell §7): the instant and the offset in hours east of UTC. */
export function userClock(now: Date = new Date()): GoalsQuery {
  return { time: now.toISOString(), timezoneOffset: -now.getTimezoneOffset() / 60 };
}

export function fetchGoals(clock: GoalsQuery, signal?: AbortSignal): Promise<GoalsResponse> {
  const query = new URLSearchParams({ time: clock.time, timezoneOffset: String(clock.timezoneOffset) });
  return getApiClient().options({ signal }).get(`${GOALS_PATH}?${query}`).json<GoalsResponse>();
}

export function goalsQueryOptions() {
  return queryOptions({
    queryKey: ['data', 'goals'] as const,
    queryFn: ({ signal }) => fetchGoals(userClock(), signal),
  });
}

export function useGoals() {
  return useQuery(goalsQueryOptions());
}

/** What the goals form sends: the rest of the call is the browser's clock. */
export type GoalEntry = Omit<GoalSave, 'time' | 'timezoneOffset'>;

/**
 * Saves a goal: the answer replaces the cached goals, and every cached report answer is marked stale, so the Overview's
 * goals panel reads the new goal when it is next shown.
 */
export function useSaveGoal() {
  const queryClient = useQueryClient();
  const { queryKey } = goalsQueryOptions();
  return useMutation({
    mutationFn: (entry: GoalEntry) =>
      getApiClient()
        .post({ ...entry, ...userClock() }, GOALS_PATH)
        .json<GoalsResponse>(),
    onSuccess: async (goals) => {
      queryClient.setQueryData(queryKey, goals);
      // Report answers are cached under 'layout-query' (src/runtime/use-panel-query.ts endpointQueryKey).
      await queryClient.invalidateQueries({ queryKey: ['layout-query'] });
    },
  });
}
