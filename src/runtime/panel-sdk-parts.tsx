/**
 * The panel SDK's parts that some kinds draw alike (the system pages' figure over columns per hour or day, the statuses'
 * shares, facts): a module of its own, as panel-sdk-echart.tsx, so only the kinds that use them carry them, not every
 * report's runtime chunk (panel-sdk.ts, which loads their classes in panel-sdk.css).
 */
import type { JSX, ReactNode } from 'react';
import { TIMELINE_COLOURS, type TimelineStatus } from '../shared/kpi/percentages.ts';
import { PanelFactList, type PanelFactsProps } from './PanelFactList.tsx';

/** One column of PanelBars: an hour or a day. */
export interface PanelBar {
  key: string;
  /** Its label under the column ('8 AM', 'Mon 16'), shown where `showLabel` (every 4th hour). */
  label: string;
  showLabel: boolean;
}

export interface PanelBarsProps<Bar extends PanelBar> {
  bars: readonly Bar[];
  /** What a screen reader reads for the column, and its tooltip ('9 AM: 112 of 89 imp'). */
  describe(bar: Bar): string;
  /** What the column draws (the bar on its baseline); hidden from screen readers, who read `describe`. */
  column(bar: Bar): ReactNode;
  /** The kind's class of the columns (how its bars stand in them); default: none. */
  columnClassName?: string;
  /** Drawn under the column, above the label (a strip of the statuses' shares). */
  under?(bar: Bar): ReactNode;
}

/** A column per hour or day across the panel, each on a baseline with its label under it (availability, achievement). */
export function PanelBars<Bar extends PanelBar>({
  bars,
  describe,
  column,
  columnClassName = '',
  under,
}: PanelBarsProps<Bar>): JSX.Element {
  return (
    <ol className="panel-bars">
      {bars.map((bar) => (
        <li key={bar.key} title={describe(bar)}>
          <span className="panel-hidden">{describe(bar)}</span>
          <span className={`panel-bars__column ${columnClassName}`.trim()} aria-hidden="true">
            {column(bar)}
          </span>
          {under?.(bar)}
          <span className="panel-bars__label" aria-hidden="true">
            {bar.showLabel ? bar.label : ''}
          </span>
        </li>
      ))}
    </ol>
  );
}

export interface PanelHeadlineProps {
  /** The panel's figure ('91.30%'). */
  value: string;
  /** Its threshold colour; absent: the text colour. */
  colour?: string | undefined;
  /** What follows it in small type ('1.2k of 1.4k imp target', the change against the previous period). */
  detail?: ReactNode;
}

/** A panel's figure, large, with its detail beside it on the same baseline. */
export function PanelHeadline({ value, colour, detail }: PanelHeadlineProps): JSX.Element {
  return (
    <p className="panel-headline">
      <span className="panel-headline__value" style={colour === undefined ? undefined : { color: colour }}>
        {value}
      </span>
      {detail !== undefined && <span className="panel-headline__detail">{detail}</span>}
    </p>
  );
}

/** A status's share of a period, in percent. */
export interface StatusShareOfPeriod {
  status: TimelineStatus;
  percentage: number;
}

export interface StatusShareStripProps<Share extends StatusShareOfPeriod> {
  /** In the order they are stacked (spec reports §4); those of 0 % are left out. */
  shares: readonly Share[];
  /** The kind's class of the strip (its height, its corners). */
  className: string;
  /** What a screen reader reads for the strip (it is then an image); absent: the strip is hidden from them. */
  label?: string;
  /** A share's tooltip ('Printing: 62.50%'); absent: none. */
  titleOf?: (share: Share) => string;
}

/** The statuses' shares of a period side by side in the timeline colours, each as wide as its share. */
export function StatusShareStrip<Share extends StatusShareOfPeriod>({
  shares,
  className,
  label,
  titleOf,
}: StatusShareStripProps<Share>): JSX.Element {
  const reading = label === undefined ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label };
  return (
    <span className={className} {...reading}>
      {shares
        .filter((share) => share.percentage > 0)
        .map((share) => (
          <span
            key={share.status}
            style={{ width: `${share.percentage}%`, background: TIMELINE_COLOURS[share.status] }}
            title={titleOf?.(share)}
          />
        ))}
    </span>
  );
}

/**
 * Facts in the SDK's look (a small muted label over its value in bold: a printer's identity, a device's facts above
 * its table); the kind lays the list out (`className`: a column, a wrapping row).
 */
export function PanelFacts({ facts, className }: PanelFactsProps): JSX.Element {
  return <PanelFactList facts={facts} className={`panel-facts ${className}`} />;
}
