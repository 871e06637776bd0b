import type { JSX } from 'react';
import { SelectButton } from 'primereact/selectbutton';
import type { SystemGroup } from '../../shared/system-group.ts';
import type { Timeframe } from '../../shared/timeframes/timeframes.ts';
import type { ReportFiltersHandle } from './use-report-filters.ts';
import { periodTitle } from './filter-title.ts';
import './FilterBar.css';

const TIMEFRAME_LABELS: Record<Timeframe, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
  custom: 'Custom',
};

export interface FilterBarProps {
  filters: ReportFiltersHandle;
  group: SystemGroup;
  userGroups: readonly SystemGroup[];
  onGroupChange: (group: SystemGroup) => void;
}

/**
 * The report filter bar, desktop slice (spec reports §2): group toggle (two or more groups), the report's timeframe
 * buttons for the group (custom comes with its range picker), previous/next arrows, 'Today' and the period title.
 */
export function FilterBar({ filters, group, userGroups, onGroupChange }: FilterBarProps): JSX.Element {
  const { view, timeframe, selectedDate, send } = filters;
  const timeframes = view.allowedTimeframes.filter((entry) => entry !== 'custom');
  return (
    <div className="filter-bar" role="toolbar" aria-label="Report filters">
      {userGroups.length >= 2 && (
        <SelectButton
          className="filter-bar__groups"
          aria-label="System group"
          value={group}
          options={[...userGroups]}
          allowEmpty={false}
          onChange={(event) => {
            const next = event.value as SystemGroup | null;
            if (next !== null && next !== group) onGroupChange(next);
          }}
        />
      )}
      <div className="filter-bar__timeframes" role="group" aria-label="Timeframe">
        {timeframes.map((entry) => (
          <button
            key={entry}
            type="button"
            className="filter-bar__timeframe"
            aria-pressed={entry === timeframe}
            onClick={() => send({ type: 'timeframe.change', timeframe: entry })}
          >
            {TIMEFRAME_LABELS[entry]}
          </button>
        ))}
      </div>
      <div className="filter-bar__dates">
        <button
          type="button"
          className="filter-bar__arrow"
          aria-label="Previous"
          disabled={!view.canGoPrevious}
          onClick={() => send({ type: 'date.previous' })}
        >
          <i className="pi pi-chevron-left" aria-hidden="true" />
        </button>
        <span className="filter-bar__title" aria-live="polite">
          {periodTitle(selectedDate, timeframe)}
        </span>
        <button
          type="button"
          className="filter-bar__arrow"
          aria-label="Next"
          disabled={!view.canGoNext}
          onClick={() => send({ type: 'date.next' })}
        >
          <i className="pi pi-chevron-right" aria-hidden="true" />
        </button>
        {view.todayShown && (
          <button
            type="button"
            className="filter-bar__today"
            disabled={view.todayDisabled}
            onClick={() => send({ type: 'date.today' })}
          >
            Today
          </button>
        )}
      </div>
    </div>
  );
}
