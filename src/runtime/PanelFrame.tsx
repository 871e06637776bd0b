import type { JSX, ReactNode } from 'react';
import { Skeleton } from 'primereact/skeleton';
import './panel-frame.css';

/** Phase of a panel: loading (chart placeholder), empty (no data for the period), error, or ready to render. */
export type PanelState = 'loading' | 'empty' | 'error' | 'ready';

export interface PanelFrameProps {
  title: string;
  state: PanelState;
  /** Show the title above the content when ready (false for kinds that draw their own title). */
  showTitleWhenReady?: boolean;
  /** The panel component; rendered only when ready. */
  children?: ReactNode;
}

/** Texts of spec reports §2 (empty state) and §8 (failed report request). */
export const PANEL_TEXTS = {
  empty: 'No data for this period',
  error: 'Error loading report data',
} as const;

/** The chrome around every panel: title, chart placeholder while loading, empty and error states. */
export function PanelFrame({ title, state, showTitleWhenReady = true, children }: PanelFrameProps): JSX.Element {
  const showTitle = state !== 'ready' || showTitleWhenReady;
  return (
    <div className={`panel-frame panel-frame--${state}`} aria-busy={state === 'loading'}>
      {showTitle && <h2 className="panel-frame__title">{title}</h2>}
      {state === 'loading' && (
        <div className="panel-frame__placeholder" role="status" aria-label={`Loading ${title}`}>
          <Skeleton width="100%" height="100%" />
        </div>
      )}
      {state === 'empty' && (
        <p className="panel-frame__message">
          <i className="pi pi-inbox" aria-hidden="true" /> {PANEL_TEXTS.empty}
        </p>
      )}
      {state === 'error' && (
        <p className="panel-frame__message panel-frame__message--error" role="alert">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {PANEL_TEXTS.error}
        </p>
      )}
      {state === 'ready' && children}
    </div>
  );
}
