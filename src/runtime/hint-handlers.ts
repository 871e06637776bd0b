/**
 * The handlers of a control whose click may follow: the pointer on it, its press, or the focus (issue #30: prefetch on a
 * hint). The press counts on its own: a pointer left on a control after its click (an arrow pressed day after day) enters
 * it no more, and a press lasts about 100 ms before its click. The click itself hints too, in its capture phase, before
 * the control's own click handler: a click that comes with no pointer or focus before it (a screen reader's activation
 * in browse mode, a script's `element.click()`) starts its calls before the report renders the new filters, not after.
 */
export interface HintHandlers {
  onPointerEnter?: () => void;
  onPointerDown?: () => void;
  onFocus?: () => void;
  onClickCapture?: () => void;
}

/** The events that hint a control's click, each calling `hint`; none without one. */
export function hintHandlers(hint: (() => void) | undefined): HintHandlers {
  if (hint === undefined) return {};
  return { onPointerEnter: hint, onPointerDown: hint, onFocus: hint, onClickCapture: hint };
}
