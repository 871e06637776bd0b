import { useState, type JSX } from 'react';
import { Calendar } from 'primereact/calendar';
import { useTranslation } from 'react-i18next';
import '../../../runtime/report-texts.ts';
import { addDays } from '../../../shared/time/local-time.ts';
import { mondayOf, type IsoDate } from '../../../shared/timeframes/timeframe-dates.ts';
import {
  MONDAY_FIRST_LOCALE,
  calendarCellLabel,
  fromCalendarDate,
  isoDateOfCell,
  toCalendarDate,
} from './calendar-date.ts';
import type { PickerProps } from './picker-props.ts';

interface CalendarCell {
  year: number;
  month: number;
  day: number;
}

export interface DayCalendarProps extends Omit<PickerProps, 'value'> {
  /** The chosen day; null while none is chosen (custom range). */
  value: IsoDate | null;
  /** Which days are marked as selected: the day, or every day of its Monday-based week. */
  highlight: 'day' | 'week';
  label: string;
  /** A tooltip for a day (DTF days without per-job data), or null. */
  tooltipOf?: (date: IsoDate) => string | null;
}

/** Monday to Sunday of the week holding the date: the calendar row (its data period may be split at the year end). */
function weekRowOf(date: IsoDate): { first: IsoDate; last: IsoDate } {
  const first = mondayOf(date);
  return { first, last: addDays(first, 6) };
}

/**
 * The day calendar behind the day and week pickers and the custom range: PrimeReact's inline Calendar, weeks starting
 * on Monday, so a month takes 4 to 6 rows; days outside the available dates are disabled. Cells are named like
 * 'Friday, March 1, 2024' and carry the ISO day in data-date.
 */
export function DayCalendar({ value, bounds, onSelect, highlight, label, tooltipOf }: DayCalendarProps): JSX.Element {
  // Opens at the chosen day, else at the last available day (never at a month without data).
  const [viewDate, setViewDate] = useState(() => toCalendarDate(value ?? bounds.last));
  const week = highlight === 'week' && value !== null ? weekRowOf(value) : null;
  const isInWeek = (date: IsoDate) => week !== null && date >= week.first && date <= week.last;
  return (
    <div className={`day-calendar day-calendar--${highlight}`} role="group" aria-label={label}>
      <Calendar
        inline
        value={value === null ? null : toCalendarDate(value)}
        viewDate={viewDate}
        onViewDateChange={(event) => setViewDate(event.value)}
        minDate={toCalendarDate(bounds.first)}
        maxDate={toCalendarDate(bounds.last)}
        locale={MONDAY_FIRST_LOCALE}
        dateFormat="yy-mm-dd"
        pt={{
          // Accessibility (axe, WCAG 2.5.3 and ARIA): the cell's name holds the day number it shows; the ISO date stays
          // in data-date. aria-selected belongs on the grid cell, not on PrimeReact's role-less span inside it.
          day: (options?: { context: { date: CalendarCell } }) => {
            if (options === undefined) return {};
            const date = isoDateOfCell(options.context.date);
            return {
              'aria-label': calendarCellLabel(date),
              'data-date': date,
              'aria-selected': highlight === 'week' ? isInWeek(date) : date === value,
              ...(isInWeek(date) ? { className: 'day-calendar__week-day' } : {}),
            };
          },
          dayLabel: { 'aria-selected': undefined },
          // 'Choose Month' / 'Choose Year' would hide the month and year the buttons show.
          monthTitle: { 'aria-label': undefined },
          yearTitle: { 'aria-label': undefined },
        }}
        dateTemplate={(cell: CalendarCell) => {
          const tooltip = tooltipOf?.(isoDateOfCell(cell)) ?? null;
          return tooltip === null ? cell.day : <span title={tooltip}>{cell.day}</span>;
        }}
        onChange={(event) => {
          if (event.value instanceof Date) onSelect(fromCalendarDate(event.value));
        }}
      />
    </div>
  );
}

/** Day picker: a day calendar (spec reports §2). */
export function DayPicker(props: PickerProps): JSX.Element {
  const { t } = useTranslation();
  return <DayCalendar {...props} highlight="day" label={t('filters.chooseDay')} />;
}

/** Week picker: a day calendar that highlights the selected Monday-based week; any day chooses its week. */
export function WeekPicker(props: PickerProps): JSX.Element {
  const { t } = useTranslation();
  return <DayCalendar {...props} highlight="week" label={t('filters.chooseWeek')} />;
}
