import { useRef, useState, type JSX, type KeyboardEvent } from 'react';
import { hintHandlers } from './hint-handlers.ts';
import './panel-sdk-toggle.css';

export interface ToggleButtonsProps<Value extends string> {
  /** The group's accessible name, e.g. 'Job summary pages'. */
  label: string;
  options: readonly { value: Value; label: string }[];
  /** The pressed option; pressing it again keeps it (once chosen, one option stays chosen). Null: none chosen yet. */
  value: Value | null;
  onChange: (value: Value) => void;
  /** The pointer is on an option, or it has the focus: its click may follow (the filter bar's prefetch, issue #30). */
  onHint?: (value: Value) => void;
  className?: string;
}

/** Keys that move the focus between the buttons (PrimeReact's SelectButton's, with Home and End). */
const FOCUS_MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * One choice of a few, as pressed buttons in the theme's SelectButton look (its markup and classes): the panel SDK's
 * own, so a report draws it without PrimeReact's component base (issue #11 budgets). One button is in the tab order
 * (the pressed one, then the last one focused); the arrow keys, Home and End move between them, Enter or Space presses.
 */
export function ToggleButtons<Value extends string>({
  label,
  options,
  value,
  onChange,
  onHint,
  className,
}: ToggleButtonsProps<Value>): JSX.Element {
  const group = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const tabStop =
    focused ??
    Math.max(
      0,
      options.findIndex((option) => option.value === value),
    );
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const move = FOCUS_MOVES[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const next = move(index, options.length);
    setFocused(next);
    group.current?.querySelectorAll('button')[next]?.focus();
  };
  return (
    <div
      ref={group}
      className={`toggle-buttons p-selectbutton p-button-group p-component${className === undefined ? '' : ` ${className}`}`}
      role="group"
      aria-label={label}
    >
      {options.map((option, index) => {
        const hints = hintHandlers(onHint && (() => onHint(option.value)));
        return (
          <button
            key={option.value}
            type="button"
            className={option.value === value ? 'p-button p-component p-highlight' : 'p-button p-component'}
            aria-pressed={option.value === value}
            tabIndex={index === tabStop ? 0 : -1}
            {...hints}
            onFocus={() => {
              setFocused(index);
              hints.onFocus?.();
            }}
            onKeyDown={(event) => onKeyDown(event, index)}
            onClick={() => {
              if (option.value !== value) onChange(option.value);
            }}
          >
            <span className="p-button-label p-c">{option.label}</span>
          </button>
        );
      })}
    </div>
  );
}
