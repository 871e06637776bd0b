/**
 * The handlers of a control whose click may follow: the pointer on it, its press, or the focus (issue #30: prefetch on a
 * hint). The press counts on its own: a pointer left on a control after its click (an arrow pressed day after day) enters
 * it no more, and a press lasts about 100 ms before its click.
 */
export interface HintHandlers {
  onPointerEnter?: () => void;
  onPointerDown?: () => void;
  onFocus?: () => void;
}

/** The events that hint a control's click, each calling `hint`; none without one. */
export function hintHandlers(hint: (() => void) | undefined): HintHandlers {
  if (hint === undefined) return {};
  return { onPointerEnter: hint, onPointerDown: hint, onFocus: hint };
}
