import { useRef, useState, type JSX, type KeyboardEvent } from 'react';
import './panel-sdk-toggle.css';

export interface ToggleButtonsProps<Value extends string> {
  /** The group's accessible name, e.g. 'Job summary pages'. */
  label: string;
  options: readonly { value: Value; label: string }[];
  /** The pressed option; pressing it again keeps it (one option is always chosen). */
  value: Value;
  onChange: (value: Value) => void;
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
      {options.map((option, index) => (
        <button
          key={option.value}
          type="button"
          className={option.value === value ? 'p-button p-component p-highlight' : 'p-button p-component'}
          aria-pressed={option.value === value}
          tabIndex={index === tabStop ? 0 : -1}
          onFocus={() => setFocused(index)}
          onKeyDown={(event) => onKeyDown(event, index)}
          onClick={() => {
            if (option.value !== value) onChange(option.value);
          }}
        >
          <span className="p-button-label p-c">{option.label}</span>
        </button>
      ))}
    </div>
  );
}
