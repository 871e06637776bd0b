import type { JSX, ReactNode } from 'react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DEFAULT_EMPTY_STATES, type EmptyState, type EmptyStateIcon } from '../shared/layout/empty-states.ts';
import './panel-frame.css';
import './report-texts.ts';

/** Phase of a panel: loading (chart placeholder), empty (nothing selected or no data), error, or ready to render. */
export type PanelState = 'loading' | 'empty' | 'error' | 'ready';

/** Shape of the loading placeholder: bars for charts, text lines for cards. */
export type PanelPlaceholder = 'chart' | 'card';

export interface PanelFrameProps {
  title: string;
  state: PanelState;
  /** Message and icon of the empty state; default: no data for this period (spec reports §2). */
  emptyState?: EmptyState;
  /** Placeholder shape while loading; default 'chart'. */
  placeholder?: PanelPlaceholder;
  /** What went wrong, shown under the error text (e.g. an answer that does not match its schema); absent: the text alone. */
  errorDetail?: string | undefined;
  /** Show the title above the content when ready (false for kinds that draw their own title). */
  showTitleWhenReady?: boolean;
  /**
   * The panel component, shown when ready. Given while loading (the content of the answer before), it stays mounted
   * under the placeholder, hidden from sight, pointer, keyboard and screen readers: the next answer updates it in place
   * (a chart keeps its ECharts instance) instead of making it anew (issue #30).
   */
  children?: ReactNode;
}

/** PrimeIcons class and accessible name of each empty-state icon of spec reports §2 ('no-icon' draws none). */
export const EMPTY_STATE_ICON_VIEWS: Record<EmptyStateIcon, { className: string; labelKey: ParseKeys } | null> = {
  tank: { className: 'pi pi-database', labelKey: 'report.emptyIcons.tank' },
  event: { className: 'pi pi-calendar-times', labelKey: 'report.emptyIcons.event' },
  list: { className: 'pi pi-list', labelKey: 'report.emptyIcons.list' },
  'empty-state': { className: 'pi pi-inbox', labelKey: 'report.emptyIcons.emptyState' },
  'printer-not-reported': { className: 'pi pi-print', labelKey: 'report.emptyIcons.printerNotReported' },
  'no-icon': null,
};

/** Heights (%) of the placeholder bars: a chart's silhouette, not data. */
const PLACEHOLDER_BARS = [45, 70, 55, 85, 60, 75, 40, 65];

/**
 * The loading placeholder (spec reports §2 chart placeholders), announced as 'Loading <title>'. Panels that show a
 * placeholder themselves (a chart not drawn for month, quarter or year) use this one, so every placeholder looks alike.
 */
export function LoadingPlaceholder({ title, shape }: { title: string; shape: PanelPlaceholder }): JSX.Element {
  const { t } = useTranslation();
  return (
    <div
      className={`panel-frame__placeholder panel-frame__placeholder--${shape}`}
      role="status"
      aria-label={t('report.loadingPanel', { title })}
    >
      {shape === 'chart' ? (
        PLACEHOLDER_BARS.map((height, index) => <Bone key={index} width="100%" height={`${height}%`} />)
      ) : (
        <>
          <Bone width="40%" height="1rem" />
          <Bone width="60%" height="2rem" />
          <Bone width="50%" height="0.75rem" />
        </>
      )}
    </div>
  );
}

/**
 * One shimmering shape of a placeholder, drawn like PrimeReact's Skeleton (the theme's colours) by CSS alone: PrimeReact's
 * component base would otherwise load with every report before anything of it is needed (issue #11 budgets).
 */
function Bone({ width, height }: { width: string; height: string }): JSX.Element {
  return <div className="panel-frame__bone" style={{ width, height }} aria-hidden="true" />;
}

/**
 * The built-in empty states name their messages by the spec's English words (src/shared, also read by the layout
 * check); they show in the current language. A layout's own message is layout content and shows as written.
 */
const DEFAULT_MESSAGE_KEYS = new Map<string, ParseKeys>([
  [DEFAULT_EMPTY_STATES.nothingSelected.message, 'report.emptyStates.nothingSelected'],
  [DEFAULT_EMPTY_STATES.noData.message, 'report.emptyStates.noData'],
]);

/** A message with its empty-state icon (a report page can show it once for the whole report, too). */
export function EmptyStateMessage({ emptyState }: { emptyState: EmptyState }): JSX.Element {
  const { t } = useTranslation();
  const icon = EMPTY_STATE_ICON_VIEWS[emptyState.icon];
  const messageKey = DEFAULT_MESSAGE_KEYS.get(emptyState.message);
  return (
    <div className="panel-frame__message panel-frame__message--empty">
      {icon !== null && (
        <i className={`${icon.className} panel-frame__icon`} role="img" aria-label={t(icon.labelKey)} />
      )}
      <p>{messageKey === undefined ? emptyState.message : t(messageKey)}</p>
    </div>
  );
}

/** The chrome around every panel: title, chart placeholder while loading, empty and error states. */
export function PanelFrame({
  title,
  state,
  emptyState = DEFAULT_EMPTY_STATES.noData,
  placeholder = 'chart',
  errorDetail,
  showTitleWhenReady = true,
  children,
}: PanelFrameProps): JSX.Element {
  const { t } = useTranslation();
  // Loading over the content of the answer before: laid out as when ready (no resize of the kept chart), hidden, with
  // the title and placeholder drawn over it as on a first load.
  const over = state === 'loading' && children !== undefined;
  const showTitle = state === 'ready' || over ? showTitleWhenReady : true;
  const hiddenUnder = over ? { 'aria-hidden': true, inert: true, style: HIDDEN_UNDER_PLACEHOLDER } : {};
  // The slots keep their places, so the content stays mounted from ready to loading over it and back.
  return (
    <section
      className={`panel-frame panel-frame--${state}${over ? ' panel-frame--loading-over' : ''}`}
      aria-label={title}
      aria-busy={state === 'loading'}
    >
      {showTitle && (
        <h2 className="panel-frame__title" {...hiddenUnder}>
          {title}
        </h2>
      )}
      {state === 'loading' && !over && <LoadingPlaceholder title={title} shape={placeholder} />}
      {state === 'empty' && <EmptyStateMessage emptyState={emptyState} />}
      {state === 'error' && (
        <div className="panel-frame__message panel-frame__message--error" role="alert">
          <i className="pi pi-exclamation-triangle panel-frame__icon" aria-hidden="true" />
          <p>{t('errors.reportLoadFailed')}</p>
          {errorDetail !== undefined && <p className="panel-frame__detail">{errorDetail}</p>}
        </div>
      )}
      {(state === 'ready' || over) && (
        <div className="panel-frame__content" {...hiddenUnder}>
          {children}
        </div>
      )}
      {over && (
        <div className="panel-frame__over">
          <h2 className="panel-frame__title">{title}</h2>
          <LoadingPlaceholder title={title} shape={placeholder} />
        </div>
      )}
    </section>
  );
}

/** The kept content's style under the placeholder: laid out, not seen (and so out of the accessibility tree too). */
const HIDDEN_UNDER_PLACEHOLDER = { visibility: 'hidden' } as const;
