import type { JSX } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { CLOCK_HOURS, type ClockHour, type ClockPeriod } from '../../shared/timeframes/clock-hours.ts';

const HOUR_OPTIONS = CLOCK_HOURS.map((hour) => ({ label: `${String(hour).padStart(2, '0')}:00`, value: hour }));
const PERIOD_OPTIONS: ClockPeriod[] = ['AM', 'PM'];

interface HourPickerProps {
  /** 'From' or 'To'. */
  label: string;
  value: ClockHour;
  disabled: boolean;
  onChange: (time: ClockHour) => void;
}

/**
 * PrimeReact's Dropdown names only its trigger: its focusable text input gets the same name, and its hidden native
 * select (a form-submission helper, never focused) is hidden from assistive technology (axe: label, select-name).
 * Its root, a role-less div, must not carry aria-activedescendant once focused (axe: aria-allowed-attr).
 */
function namedParts(name: string) {
  return {
    root: { 'aria-activedescendant': undefined },
    input: { 'aria-label': name },
    select: { 'aria-hidden': true },
  };
}

/** An hour of the custom range: 12:00 and 01:00 to 11:00 with AM or PM (spec reports §2). */
export function HourPicker({ label, value, disabled, onChange }: HourPickerProps): JSX.Element {
  return (
    <div className="hour-picker" role="group" aria-label={`${label} time`}>
      <Dropdown
        ariaLabel={`${label} hour`}
        pt={namedParts(`${label} hour`)}
        value={value.hour}
        options={HOUR_OPTIONS}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, hour: event.value as number })}
      />
      <Dropdown
        ariaLabel={`${label} AM or PM`}
        pt={namedParts(`${label} AM or PM`)}
        value={value.period}
        options={PERIOD_OPTIONS}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, period: event.value as ClockPeriod })}
      />
    </div>
  );
}
