import { useState, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../runtime/report-texts.ts';
import { isPeriodAvailable, periodStart, type IsoDate } from '../../../shared/timeframes/timeframe-dates.ts';
import { PeriodGrid, YearNavigator, type PeriodCell } from './PeriodGrid.tsx';
import type { PickerProps } from './picker-props.ts';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;
const QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4'] as const;
/** The year list shows the selected year and two on either side (spec reports §2). */
const YEAR_SPAN = 2;

function yearOf(date: IsoDate): number {
  return Number(date.slice(0, 4));
}

function firstDayOf(year: number, month: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}

/** The year shown by the month and quarter grids, with arrows to years that hold available dates. */
function useShownYear({ value, bounds }: PickerProps) {
  const [year, setYear] = useState(() => yearOf(value));
  return {
    year,
    header: (
      <YearNavigator
        year={year}
        onChange={setYear}
        canGoPrevious={year > yearOf(bounds.first)}
        canGoNext={year < yearOf(bounds.last)}
      />
    ),
  };
}

function cellsOf(
  labels: readonly string[],
  dateOf: (index: number) => IsoDate,
  timeframe: 'month' | 'quarter' | 'year',
  { value, bounds }: PickerProps,
): PeriodCell[] {
  const selectedStart = periodStart(value, timeframe);
  return labels.map((label, index) => {
    const date = dateOf(index);
    return { label, date, selected: date === selectedStart, disabled: !isPeriodAvailable(date, timeframe, bounds) };
  });
}

/** Month picker: JAN to DEC of a year in 4 columns (spec reports §2). */
export function MonthPicker(props: PickerProps): JSX.Element {
  const { t } = useTranslation();
  const { year, header } = useShownYear(props);
  const cells = cellsOf(MONTHS, (index) => firstDayOf(year, index + 1), 'month', props);
  return (
    <PeriodGrid
      label={t('filters.monthsOf', { year })}
      columns={4}
      cells={cells}
      onSelect={props.onSelect}
      header={header}
    />
  );
}

/** Quarter picker: Q1 to Q4 of a year. */
export function QuarterPicker(props: PickerProps): JSX.Element {
  const { t } = useTranslation();
  const { year, header } = useShownYear(props);
  const cells = cellsOf(QUARTERS, (index) => firstDayOf(year, index * 3 + 1), 'quarter', props);
  return (
    <PeriodGrid
      label={t('filters.quartersOf', { year })}
      columns={4}
      cells={cells}
      onSelect={props.onSelect}
      header={header}
    />
  );
}

/** Year picker: the selected year and two years on either side. */
export function YearPicker(props: PickerProps): JSX.Element {
  const { t } = useTranslation();
  const selected = yearOf(props.value);
  const years = Array.from({ length: 2 * YEAR_SPAN + 1 }, (_, index) => selected - YEAR_SPAN + index);
  const cells = cellsOf(years.map(String), (index) => firstDayOf(years[index] ?? selected, 1), 'year', props);
  return <PeriodGrid label={t('filters.years')} columns={1} cells={cells} onSelect={props.onSelect} />;
}
