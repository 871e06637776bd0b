import type { JSX } from 'react';

interface ChoiceToggleProps<Value extends string> {
  /** The group's accessible name, e.g. 'Length'. */
  label: string;
  options: readonly { value: Value; label: string }[];
  value: Value | null;
  onChange: (value: Value) => void;
}

/**
 * A toggle of pressed buttons with the theme's SelectButton look (its classes, as the report group toggle): pressing
 * the chosen button again keeps it (spec shell §4: a deselect is ignored).
 */
export function ChoiceToggle<Value extends string>({
  label,
  options,
  value,
  onChange,
}: ChoiceToggleProps<Value>): JSX.Element {
  return (
    <div className="settings__toggle p-selectbutton p-button-group p-component" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={option.value === value ? 'p-button p-component p-highlight' : 'p-button p-component'}
          aria-pressed={option.value === value}
          onClick={() => {
            if (option.value !== value) onChange(option.value);
          }}
        >
          <span className="p-button-label">{option.label}</span>
        </button>
      ))}
    </div>
  );
}
