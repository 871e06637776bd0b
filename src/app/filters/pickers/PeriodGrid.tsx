import type { JSX, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../runtime/report-texts.ts';

/** One choosable period of a grid picker. */
export interface PeriodCell {
  label: string;
  /** First day of the period, sent when it is chosen. */
  date: string;
  selected: boolean;
  disabled: boolean;
}

interface PeriodGridProps {
  label: string;
  columns: number;
  cells: PeriodCell[];
  onSelect: (date: string) => void;
  /** Above the grid (the year navigator). */
  header?: ReactNode;
}

/** The grid of the month, quarter and year pickers: one button per period, pressed when selected. */
export function PeriodGrid({ label, columns, cells, onSelect, header }: PeriodGridProps): JSX.Element {
  return (
    <div className="period-grid">
      {header}
      <div
        className="period-grid__cells"
        role="group"
        aria-label={label}
        style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}
      >
        {cells.map((cell) => (
          <button
            key={cell.date}
            type="button"
            className="period-grid__cell"
            aria-pressed={cell.selected}
            disabled={cell.disabled}
            onClick={() => onSelect(cell.date)}
          >
            {cell.label}
          </button>
        ))}
      </div>
    </div>
  );
}

interface YearNavigatorProps {
  year: number;
  onChange: (year: number) => void;
  canGoPrevious: boolean;
  canGoNext: boolean;
}

/** '‹ 2024 ›' above the month and quarter grids; years without available dates cannot be reached. */
export function YearNavigator({ year, onChange, canGoPrevious, canGoNext }: YearNavigatorProps): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="period-grid__year">
      <button
        type="button"
        className="period-grid__arrow"
        aria-label={t('filters.previousYear')}
        disabled={!canGoPrevious}
        onClick={() => onChange(year - 1)}
      >
        <i className="pi pi-chevron-left" aria-hidden="true" />
      </button>
      <span className="period-grid__year-label" aria-live="polite">
        {year}
      </span>
      <button
        type="button"
        className="period-grid__arrow"
        aria-label={t('filters.nextYear')}
        disabled={!canGoNext}
        onClick={() => onChange(year + 1)}
      >
        <i className="pi pi-chevron-right" aria-hidden="true" />
      </button>
    </div>
  );
}
