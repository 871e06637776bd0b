import { useState, type JSX } from 'react';
import { usePanelCapabilities, useTranslation, type PanelProps } from '../../src/runtime/panel-sdk.ts';
import {
  EVENTS_DOWNLOAD_MESSAGES,
  eventsDownloadStateOf,
  type EventsDownloadData,
  type EventsDownloadState,
} from './model.ts';
import type { EventsDownloadOptions } from './options.ts';
import './EventsDownloadPanel.css';

/**
 * The errors-and-events spreadsheet of the system's period (spec reports §2 System page, §4): the file call's status
 * says whether a file was saved.
 */
export function EventsDownloadPanel({
  options,
  data,
}: PanelProps<EventsDownloadOptions, EventsDownloadData>): JSX.Element {
  const { t } = useTranslation();
  const { download } = usePanelCapabilities().useSystemEventsFile();
  const [state, setState] = useState<EventsDownloadState>('idle');
  const message = EVENTS_DOWNLOAD_MESSAGES[state];
  const start = async () => {
    setState('loading');
    setState(eventsDownloadStateOf(await download()));
  };
  return (
    <div className="panel-body events-download">
      <button
        type="button"
        className="panel-button"
        disabled={state === 'loading'}
        aria-busy={state === 'loading'}
        onClick={() => void start()}
      >
        <i className={`pi ${state === 'loading' ? 'pi-spin pi-spinner' : 'pi-download'}`} aria-hidden="true" />
        {options.label ?? t('panels.download.label')}
      </button>
      <p className="events-download__count">{t('panels.eventsDownload.count', { count: data.events })}</p>
      <p className={`events-download__status events-download__status--${state}`} role="status">
        {message === null ? '' : t(`panels.download.${message}`)}
      </p>
    </div>
  );
}
