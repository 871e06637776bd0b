import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  PanelCapabilitiesProvider,
  PanelFrame,
  type ExportCallResult,
  type PanelState,
} from '../../src/runtime/panel-sdk.ts';
import { INK_EXPORT_OPTIONS, INK_ROW_LIMIT, WEEK_CARDS, fakeExportFile } from './fixtures.ts';
import { ExportDownloadPanel } from './ExportDownloadPanel.tsx';
import { selectExportDownload } from './model.ts';

type ExportDownloadStoryArgs = Parameters<typeof ExportDownloadPanel>[0];

/** The button inside the runtime's frame, its check answering `check` (fixtures only, no network). */
function framed(state: PanelState, check: ExportCallResult | undefined = { httpStatus: 200, rowLimit: INK_ROW_LIMIT }) {
  function FramedExportDownload(args: ExportDownloadStoryArgs) {
    return (
      <div style={{ width: args.width, height: args.height }}>
        <PanelCapabilitiesProvider capabilities={fakeExportFile(check)}>
          <PanelFrame title={args.title} state={state} placeholder="card">
            <ExportDownloadPanel {...args} />
          </PanelFrame>
        </PanelCapabilitiesProvider>
      </div>
    );
  }
  return FramedExportDownload;
}

const meta = {
  title: 'Panels/Export download',
  component: ExportDownloadPanel,
  args: {
    options: INK_EXPORT_OPTIONS,
    data: selectExportDownload(WEEK_CARDS),
    title: 'Ink consumption per job',
    systemGroup: 'DTG',
    width: 640,
    height: 120,
  },
  render: framed('ready'),
} satisfies Meta<typeof ExportDownloadPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  render: framed('loading'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading Ink consumption per job' })).toBeVisible();
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

/** Ready: the download reports 'Report has been downloaded'. */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Download report' }));
    await expect(await canvas.findByText('Report has been downloaded')).toBeVisible();
  },
};

export const TooMuchData: Story = {
  render: framed('ready', { httpStatus: 205, rowLimit: INK_ROW_LIMIT }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Download report' })).toBeDisabled();
    await expect(canvas.getByText('Exceeds 200k limit.')).toBeVisible();
  },
};

/** A portal configured with another limit (PORTAL_EXPORT_INK_JOBS=50000): the texts name it. */
export const TooMuchDataConfiguredLimit: Story = {
  render: framed('ready', { httpStatus: 205, rowLimit: 50_000 }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Exceeds 50k limit.')).toBeVisible();
  },
};

export const NoData: Story = {
  render: framed('ready', { httpStatus: 204 }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No data to download For This Period')).toBeVisible();
  },
};
