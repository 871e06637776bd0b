import type { JSX } from 'react';
import type { Timeframe } from '../../shared/timeframes/timeframes.ts';

const TIMEFRAME_LABELS: Record<Timeframe, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
  custom: 'Custom',
};

interface TimeframeButtonsProps {
  timeframes: Timeframe[];
  selected: Timeframe;
  onSelect: (timeframe: Timeframe) => void;
}

/** The report's timeframe buttons (spec reports §2, §9), the selected one pressed. */
export function TimeframeButtons({ timeframes, selected, onSelect }: TimeframeButtonsProps): JSX.Element {
  return (
    <div className="filter-bar__timeframes" role="group" aria-label="Timeframe">
      {timeframes.map((entry) => (
        <button
          key={entry}
          type="button"
          className="filter-bar__timeframe"
          aria-pressed={entry === selected}
          onClick={() => onSelect(entry)}
        >
          {TIMEFRAME_LABELS[entry]}
        </button>
      ))}
    </div>
  );
}
