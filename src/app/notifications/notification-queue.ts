/** Toasts visible at once (spec shell §9). */
export const MAX_VISIBLE_TOASTS = 4;
/** A toast hides after this long (spec shell §9). */
export const TOAST_LIFE_MS = 10_000;

/** Adds a toast to the visible ones; the oldest make room when more than `max` would show. */
export function admitToast<T>(
  visible: readonly T[],
  next: T,
  max = MAX_VISIBLE_TOASTS,
): { visible: T[]; evicted: T[] } {
  const all = [...visible, next];
  const overflow = Math.max(0, all.length - max);
  return { visible: all.slice(overflow), evicted: all.slice(0, overflow) };
}
