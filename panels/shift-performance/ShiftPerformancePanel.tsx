import { useRef, type CSSProperties, type JSX } from 'react';
import type { PanelProps } from '../../src/runtime/panel-sdk.ts';
import type { ShiftPerformanceData } from './model.ts';
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
  const box = useRef<HTMLDivElement>(null);
  const texts = [options.show, ...Object.values(data)].join('|');
  const unit = useFittingUnit(box, Math.max(12, Math.round(height / 9)), width, texts);
  const style = { '--tv-unit': `${unit}px` } as CSSProperties;
  if (options.show === 'shift') {
    return (
      <div ref={box} className="shift-performance-panel" style={style}>
        <p className="shift-performance-panel__headline">{data.shiftLabel}</p>
        {data.shiftTimes === null ? null : <p className="shift-performance-panel__detail">{data.shiftTimes}</p>}
        <p className="shift-performance-panel__zone">Site time ({data.timeZone})</p>
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
          {data.target === null ? 'impressions · no target' : `of ${data.target} impressions`}
        </span>
      </p>
      <p
        className={`shift-performance-panel__percentage shift-performance-panel__percentage--${data.band ?? 'none'}`}
        aria-label={`${data.percentage} of the ${data.scope} target`}
      >
        {data.percentage}
      </p>
    </div>
  );
}
