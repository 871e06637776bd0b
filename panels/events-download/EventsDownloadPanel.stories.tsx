import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { JSX } from 'react';
import { panelStateStories } from '../../src/runtime/panel-sdk-stories.tsx';
import { PanelCapabilitiesProvider, type ExportCallResult } from '../../src/runtime/panel-sdk.ts';
import { EVENTS_DOWNLOAD_ANSWER, EVENTS_DOWNLOAD_OPTIONS, fakeEventsFile } from './fixtures.ts';
import { selectEventsDownload } from './model.ts';
import { EventsDownloadPanel } from './EventsDownloadPanel.tsx';

/** The panel with a file call answering `result` (fixtures only, no network). */
function withEventsFile(result?: ExportCallResult) {
  return (framed: JSX.Element) => (
    <PanelCapabilitiesProvider capabilities={fakeEventsFile(result)}>{framed}</PanelCapabilitiesProvider>
  );
}

const states = panelStateStories(EventsDownloadPanel, { placeholder: 'card', wrap: withEventsFile() });

const meta = {
  title: 'Panels/Events download',
  component: EventsDownloadPanel,
  args: {
    options: EVENTS_DOWNLOAD_OPTIONS,
    data: selectEventsDownload(EVENTS_DOWNLOAD_ANSWER),
    title: 'Errors and events',
    systemGroup: 'DTG',
    width: 420,
    height: 120,
  },
  render: states.framed('ready'),
} satisfies Meta<typeof EventsDownloadPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const Error: Story = states.Error;

export const NothingSelected: Story = states.NothingSelected;

/** 200: the file was saved. */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    const panel = within(canvasElement);
    await expect(panel.getByText('10 events in this period')).toBeVisible();
    await userEvent.click(panel.getByRole('button', { name: 'Download events' }));
    await expect(await panel.findByText('Report has been downloaded')).toBeVisible();
  },
};

/** 204: nothing to download. */
export const NoData: Story = {
  render: states.framed('ready', { wrap: withEventsFile({ httpStatus: 204 }) }),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Download events' }));
    await expect(await within(canvasElement).findByText('No data to download For This Period')).toBeVisible();
  },
};

/** 205: the file would be too big. */
export const TooBig: Story = {
  render: states.framed('ready', { wrap: withEventsFile({ httpStatus: 205 }) }),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Download events' }));
    await expect(
      await within(canvasElement).findByText('Too much data to download, please select shorter period'),
    ).toBeVisible();
  },
};

/** A failed call. */
export const Failed: Story = {
  render: states.framed('ready', { wrap: withEventsFile({ failed: true }) }),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Download events' }));
    await expect(await within(canvasElement).findByText('something went wrong, try again later')).toBeVisible();
  },
};
