import { useCallback, useSyncExternalStore } from 'react';
import type { SystemGroup } from '../../src/shared/system-group.ts';

/**
 * The series a user chose on a toggle chart, kept per group for the session (spec reports §4: the speed or utilization
 * choice is kept per group). Keyed by the chart's series ids and the group, so two charts with different series keep
 * their own choices.
 */
const choices = new Map<string, string>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function choiceKey(seriesIds: readonly string[], group: SystemGroup): string {
  return `${seriesIds.join('|')}@${group}`;
}

/** Remembers a choice; choosing the series already shown changes nothing and notifies no one. */
export function rememberChoice(key: string, seriesId: string, shown: string): void {
  if (seriesId === shown) return;
  choices.set(key, seriesId);
  for (const listener of listeners) listener();
}

/** Forgets every choice (tests start from the defaults). */
export function forgetChoices(): void {
  choices.clear();
  for (const listener of listeners) listener();
}

/** The shown series of a toggle chart for the group, and the function that changes it. */
export function useChartChoice(
  seriesIds: readonly string[],
  group: SystemGroup,
  fallback: string,
): [string, (seriesId: string) => void] {
  const key = choiceKey(seriesIds, group);
  const chosen = useSyncExternalStore(subscribe, () => choices.get(key));
  const shown = chosen !== undefined && seriesIds.includes(chosen) ? chosen : fallback;
  const choose = useCallback((seriesId: string) => rememberChoice(key, seriesId, shown), [key, shown]);
  return [shown, choose];
}
