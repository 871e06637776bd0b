import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import { CLOCK_HOURS, type ClockHour, type ClockPeriod } from '../../shared/timeframes/clock-hours.ts';
import '../../runtime/report-texts.ts';

const HOUR_OPTIONS = CLOCK_HOURS.map((hour) => ({ label: `${String(hour).padStart(2, '0')}:00`, value: hour }));
const PERIOD_OPTIONS: ClockPeriod[] = ['AM', 'PM'];

interface HourPickerProps {
  /** Which side of the range, as shown ('From' or 'To'). */
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
  const { t } = useTranslation();
  return (
    <div className="hour-picker" role="group" aria-label={t('filters.hourPicker.time', { side: label })}>
      <Dropdown
        ariaLabel={t('filters.hourPicker.hour', { side: label })}
        pt={namedParts(t('filters.hourPicker.hour', { side: label }))}
        value={value.hour}
        options={HOUR_OPTIONS}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, hour: event.value as number })}
      />
      <Dropdown
        ariaLabel={t('filters.hourPicker.period', { side: label })}
        pt={namedParts(t('filters.hourPicker.period', { side: label }))}
        value={value.period}
        options={PERIOD_OPTIONS}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, period: event.value as ClockPeriod })}
      />
    </div>
  );
}
