import type { JSX } from 'react';
import type { PanelProps } from '../../src/runtime/panel-sdk.ts';
import { TIMELINE_COLOURS, type AvailabilityTimelineData } from './model.ts';
import type { AvailabilityTimelineOptions } from './options.ts';
import './AvailabilityTimelinePanel.css';

/** The period's availability and, per hour or day, a threshold-coloured bar over the statuses' shares. */
export function AvailabilityTimelinePanel({
  data,
}: PanelProps<AvailabilityTimelineOptions, AvailabilityTimelineData>): JSX.Element {
  return (
    <div className="availability-timeline">
      <p className="availability-timeline__headline">
        <span
          className="availability-timeline__value"
          style={data.colour === undefined ? undefined : { color: data.colour }}
        >
          {data.availability}
        </span>
        {data.change !== null && (
          <span className="availability-timeline__change">
            <span style={{ color: data.change.colour }}>{data.change.text}</span> {data.change.description}
          </span>
        )}
      </p>
      <ol className="availability-timeline__bars">
        {data.bars.map((bar) => (
          <li key={bar.key} title={bar.description}>
            <span className="availability-timeline__hidden">{bar.description}</span>
            <span className="availability-timeline__column" aria-hidden="true">
              {bar.percent === null ? (
                <span className="availability-timeline__none">--</span>
              ) : (
                <span
                  className="availability-timeline__bar"
                  style={{ height: `${Math.max(bar.percent, 1)}%`, background: bar.colour ?? undefined }}
                />
              )}
            </span>
            <span className="availability-timeline__statuses" aria-hidden="true">
              {bar.statuses
                .filter((share) => share.percentage > 0)
                .map((share) => (
                  <span
                    key={share.status}
                    style={{ width: `${share.percentage}%`, background: TIMELINE_COLOURS[share.status] }}
                  />
                ))}
            </span>
            <span className="availability-timeline__label" aria-hidden="true">
              {bar.showLabel ? bar.label : ''}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
