import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPanel } from '../../src/runtime/panel-sdk-testing.tsx';
import { PanelCapabilitiesProvider } from '../../src/runtime/panel-sdk.ts';
import { EVENTS_DOWNLOAD_ANSWER, EVENTS_DOWNLOAD_OPTIONS, fakeEventsFile } from './fixtures.ts';
import { eventsDownloadStateOf, selectEventsDownload } from './model.ts';
import { EventsDownloadPanel } from './EventsDownloadPanel.tsx';

describe('events-download model', () => {
  it('maps the file call to the states of spec reports §4: 200 downloaded, 204 no content, 205 too big', () => {
    expect(
      [
        { httpStatus: 200 },
        { httpStatus: 204 },
        { httpStatus: 205 },
        { httpStatus: 500 },
        { failed: true as const },
      ].map(eventsDownloadStateOf),
    ).toEqual(['downloaded', 'noData', 'tooBig', 'error', 'error']);
  });

  it("counts the period's events from the messages tables", () => {
    expect(selectEventsDownload(EVENTS_DOWNLOAD_ANSWER)).toEqual({ events: 10 });
  });
});

describe('EventsDownloadPanel', () => {
  it('asks the app for the file and says what happened', async () => {
    renderPanel(
      EventsDownloadPanel,
      {
        options: EVENTS_DOWNLOAD_OPTIONS,
        data: selectEventsDownload(EVENTS_DOWNLOAD_ANSWER),
        title: 'Errors and events',
      },
      {
        wrapper: ({ children }) => (
          <PanelCapabilitiesProvider capabilities={fakeEventsFile({ httpStatus: 204 })}>
            {children}
          </PanelCapabilitiesProvider>
        ),
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download events' }));
    expect(await screen.findByText('No data to download For This Period')).toBeDefined();
  });
});
