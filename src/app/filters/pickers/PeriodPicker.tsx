import type { JSX } from 'react';
import type { Timeframe } from '../../../shared/timeframes/timeframes.ts';
import { DayPicker, WeekPicker } from './DayCalendar.tsx';
import { MonthPicker, QuarterPicker, YearPicker } from './PeriodPickers.tsx';
import type { PickerProps } from './picker-props.ts';
import './pickers.css';

const PICKERS = {
  day: DayPicker,
  week: WeekPicker,
  month: MonthPicker,
  quarter: QuarterPicker,
  year: YearPicker,
} as const;

/** The picker of a timeframe; custom has its own range dialog. */
export function PeriodPicker({
  timeframe,
  ...props
}: PickerProps & { timeframe: Exclude<Timeframe, 'custom'> }): JSX.Element {
  const Picker = PICKERS[timeframe];
  return <Picker {...props} />;
}
