import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  PanelCapabilitiesProvider,
  PanelFrame,
  type ExportCallResult,
  type PanelState,
} from '../../src/runtime/panel-sdk.ts';
import { EVENTS_DOWNLOAD_ANSWER, EVENTS_DOWNLOAD_OPTIONS, fakeEventsFile } from './fixtures.ts';
import { selectEventsDownload } from './model.ts';
import { EventsDownloadPanel } from './EventsDownloadPanel.tsx';

type EventsDownloadStoryArgs = Parameters<typeof EventsDownloadPanel>[0];

/** The panel inside the runtime's frame with a file call answering `result` (fixtures only, no network). */
function framed(state: PanelState, result?: ExportCallResult) {
  function FramedEventsDownload(args: EventsDownloadStoryArgs) {
    return (
      <div style={{ width: args.width, height: args.height }}>
        <PanelCapabilitiesProvider capabilities={fakeEventsFile(result)}>
          <PanelFrame title={args.title} state={state} placeholder="card">
            <EventsDownloadPanel {...args} />
          </PanelFrame>
        </PanelCapabilitiesProvider>
      </div>
    );
  }
  return FramedEventsDownload;
}

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
  render: framed('ready'),
} satisfies Meta<typeof EventsDownloadPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  render: framed('loading'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading Errors and events' })).toBeVisible();
  },
};

export const Empty: Story = {
  render: framed('empty'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No data for this period')).toBeVisible();
  },
};

export const Error: Story = {
  render: framed('error'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Error loading report data');
  },
};

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
  render: framed('ready', { httpStatus: 204 }),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Download events' }));
    await expect(await within(canvasElement).findByText('No data to download For This Period')).toBeVisible();
  },
};

/** 205: the file would be too big. */
export const TooBig: Story = {
  render: framed('ready', { httpStatus: 205 }),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Download events' }));
    await expect(
      await within(canvasElement).findByText('Too much data to download, please select shorter period'),
    ).toBeVisible();
  },
};

/** A failed call. */
export const Failed: Story = {
  render: framed('ready', { failed: true }),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Download events' }));
    await expect(await within(canvasElement).findByText('something went wrong, try again later')).toBeVisible();
  },
};
