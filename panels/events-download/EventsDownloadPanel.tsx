import { useState, type JSX } from 'react';
import { usePanelCapabilities, type PanelProps } from '../../src/runtime/panel-sdk.ts';
import {
  DEFAULT_EVENTS_LABEL,
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
  const { download } = usePanelCapabilities().useSystemEventsFile();
  const [state, setState] = useState<EventsDownloadState>('idle');
  const start = async () => {
    setState('loading');
    setState(eventsDownloadStateOf(await download()));
  };
  return (
    <div className="events-download">
      <button
        type="button"
        className="events-download__button"
        disabled={state === 'loading'}
        onClick={() => void start()}
      >
        <i className={`pi ${state === 'loading' ? 'pi-spin pi-spinner' : 'pi-download'}`} aria-hidden="true" />
        {options.label ?? DEFAULT_EVENTS_LABEL}
      </button>
      <p className="events-download__count">
        {data.events === 1 ? '1 event in this period' : `${data.events} events in this period`}
      </p>
      <p className={`events-download__status events-download__status--${state}`} role="status">
        {EVENTS_DOWNLOAD_MESSAGES[state]}
      </p>
    </div>
  );
}
