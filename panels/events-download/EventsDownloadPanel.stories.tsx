import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { panelStateStories } from '../../src/runtime/panel-sdk-stories.tsx';
import { EVENTS_DOWNLOAD_ANSWER, EVENTS_DOWNLOAD_OPTIONS, fakeEventsFile } from './fixtures.ts';
import { selectEventsDownload } from './model.ts';
import { EventsDownloadPanel } from './EventsDownloadPanel.tsx';

/** The panel with the app's file call as a fixture (no network). */
const states = panelStateStories(EventsDownloadPanel, {
  placeholder: 'card',
  capabilities: fakeEventsFile(),
  args: {
    options: EVENTS_DOWNLOAD_OPTIONS,
    data: selectEventsDownload(EVENTS_DOWNLOAD_ANSWER),
    title: 'Errors and events',
    systemGroup: 'DTG',
    width: 420,
    height: 120,
  },
});

const meta = { title: 'Panels/Events download', ...states.meta } satisfies Meta<typeof EventsDownloadPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const Error: Story = states.Error;

export const NothingSelected: Story = states.NothingSelected;

/** 200: the file was saved. */
export const Data: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('10 events in this period')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Download events' }));
    await expect(await canvas.findByText('Report has been downloaded')).toBeVisible();
  },
};

/** 204: nothing to download. */
export const NoData: Story = {
  render: states.framed('ready', { capabilities: fakeEventsFile({ httpStatus: 204 }) }),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download events' }));
    await expect(await canvas.findByText('No data to download For This Period')).toBeVisible();
  },
};

/** 205: the file would be too big. */
export const TooBig: Story = {
  render: states.framed('ready', { capabilities: fakeEventsFile({ httpStatus: 205 }) }),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download events' }));
    await expect(await canvas.findByText('Too much data to download, please select shorter period')).toBeVisible();
  },
};

/** A failed call. */
export const Failed: Story = {
  render: states.framed('ready', { capabilities: fakeEventsFile({ failed: true }) }),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download events' }));
    await expect(await canvas.findByText('something went wrong, try again later')).toBeVisible();
  },
};
