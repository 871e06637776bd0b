import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import type { HintHandlers } from '../../runtime/hint-handlers.ts';
import type { Timeframe } from '../../shared/timeframes/timeframes.ts';
import '../../runtime/report-texts.ts';

interface TimeframeButtonsProps {
  timeframes: Timeframe[];
  selected: Timeframe;
  onSelect: (timeframe: Timeframe) => void;
  /** Extra handlers of a timeframe's button (the filter bar's prefetch hints). */
  hintProps?: (timeframe: Timeframe) => HintHandlers;
}

/** The report's timeframe buttons (spec reports §2, §9), the selected one pressed. */
export function TimeframeButtons({ timeframes, selected, onSelect, hintProps }: TimeframeButtonsProps): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="filter-bar__timeframes" role="group" aria-label={t('filters.timeframe')}>
      {timeframes.map((entry) => (
        <button
          key={entry}
          type="button"
          className="filter-bar__timeframe"
          aria-pressed={entry === selected}
          {...hintProps?.(entry)}
          onClick={() => onSelect(entry)}
        >
          {t(`filters.timeframes.${entry}`)}
        </button>
      ))}
    </div>
  );
}
