import { useRef, type CSSProperties, type JSX } from 'react';
import { useTranslation, type PanelProps } from '../../src/runtime/panel-sdk.ts';
import { shiftTexts, type ShiftPerformanceData } from './model.ts';
import type { ShiftPerformanceOptions } from './options.ts';
import { useFittingUnit } from './use-fitting-unit.ts';
import './ShiftPerformancePanel.css';

/**
 * Shift performance: the TV dashboard's figures in type readable across a shop floor (sizes follow the panel's
 * height, smaller where the texts would not fit the card, as on a phone). Draws the selected data and never fetches.
 */
export function ShiftPerformancePanel({
  options,
  data,
  width,
  height,
}: PanelProps<ShiftPerformanceOptions, ShiftPerformanceData>): JSX.Element {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const { shiftLabel, shiftTimes } = shiftTexts(data, t);
  const texts = [
    options.show,
    shiftLabel,
    shiftTimes,
    data.impressions,
    data.target,
    data.percentage,
    data.timeZone,
  ].join('|');
  const unit = useFittingUnit(box, Math.max(12, Math.round(height / 9)), width, texts);
  const style = { '--tv-unit': `${unit}px` } as CSSProperties;
  if (options.show === 'shift') {
    return (
      <div ref={box} className="shift-performance-panel" style={style}>
        <p className="shift-performance-panel__headline">{shiftLabel}</p>
        {shiftTimes === null ? null : <p className="shift-performance-panel__detail">{shiftTimes}</p>}
        <p className="shift-performance-panel__zone">
          {t('panels.shiftPerformance.siteTime', { timeZone: data.timeZone })}
        </p>
      </div>
    );
  }
  return (
    <div ref={box} className="shift-performance-panel" style={style}>
      <p className="shift-performance-panel__figures">
        <span className="shift-performance-panel__impressions" data-testid="shift-impressions">
          {data.impressions}
        </span>
        <span className="shift-performance-panel__target">
          {data.target === null
            ? t('panels.shiftPerformance.noTarget')
            : t('panels.shiftPerformance.ofTarget', { target: data.target })}
        </span>
      </p>
      <p
        className={`shift-performance-panel__percentage shift-performance-panel__percentage--${data.band ?? 'none'}`}
        aria-label={t(`panels.shiftPerformance.percentageOf.${data.scope}`, { percentage: data.percentage })}
      >
        {data.percentage}
      </p>
    </div>
  );
}
