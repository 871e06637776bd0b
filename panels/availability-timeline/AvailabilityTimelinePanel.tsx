import type { JSX } from 'react';
import { PanelBars, PanelHeadline, StatusShareStrip } from '../../src/runtime/panel-sdk-parts.tsx';
import type { PanelProps } from '../../src/runtime/panel-sdk.ts';
import type { AvailabilityTimelineData } from './model.ts';
import type { AvailabilityTimelineOptions } from './options.ts';
import './AvailabilityTimelinePanel.css';

/** The period's availability and, per hour or day, a threshold-coloured bar over the statuses' shares. */
export function AvailabilityTimelinePanel({
  data,
}: PanelProps<AvailabilityTimelineOptions, AvailabilityTimelineData>): JSX.Element {
  return (
    <div className="panel-body panel-body--stack availability-timeline">
      <PanelHeadline
        value={data.availability}
        colour={data.colour}
        detail={
          data.change === null ? undefined : (
            <>
              <span style={{ color: data.change.colour }}>{data.change.text}</span> {data.change.description}
            </>
          )
        }
      />
      <PanelBars
        bars={data.bars}
        describe={(bar) => bar.description}
        columnClassName="availability-timeline__column"
        column={(bar) =>
          bar.percent === null ? (
            <span className="availability-timeline__none">--</span>
          ) : (
            <span
              className="availability-timeline__bar"
              style={{ height: `${Math.max(bar.percent, 1)}%`, background: bar.colour ?? undefined }}
            />
          )
        }
        under={(bar) => <StatusShareStrip className="availability-timeline__statuses" shares={bar.statuses} />}
      />
    </div>
  );
}
