import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { panelStateStories } from '../../src/runtime/panel-sdk-stories.tsx';
import { INK_EXPORT_OPTIONS, INK_ROW_LIMIT, WEEK_CARDS, fakeExportFile } from './fixtures.ts';
import { ExportDownloadPanel } from './ExportDownloadPanel.tsx';
import { selectExportDownload } from './model.ts';

/** The button with the app's check and file calls as fixtures (no network): the check answers ready. */
const states = panelStateStories(ExportDownloadPanel, {
  placeholder: 'card',
  capabilities: fakeExportFile({ httpStatus: 200, rowLimit: INK_ROW_LIMIT }),
  args: {
    options: INK_EXPORT_OPTIONS,
    data: selectExportDownload(WEEK_CARDS),
    title: 'Ink consumption per job',
    systemGroup: 'DTG',
    width: 640,
    height: 120,
  },
});

const meta = { title: 'Panels/Export download', ...states.meta } satisfies Meta<typeof ExportDownloadPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const Error: Story = states.Error;

export const NothingSelected: Story = states.NothingSelected;

/** Ready: the download reports 'Report has been downloaded'. */
export const Data: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download report' }));
    await expect(await canvas.findByText('Report has been downloaded')).toBeVisible();
  },
};

export const TooMuchData: Story = {
  render: states.framed('ready', { capabilities: fakeExportFile({ httpStatus: 205, rowLimit: INK_ROW_LIMIT }) }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Download report' })).toBeDisabled();
    await expect(canvas.getByText('Exceeds 200k limit.')).toBeVisible();
  },
};

/** A portal configured with another limit (PORTAL_EXPORT_INK_JOBS=50000): the texts name it. */
export const TooMuchDataConfiguredLimit: Story = {
  render: states.framed('ready', { capabilities: fakeExportFile({ httpStatus: 205, rowLimit: 50_000 }) }),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Exceeds 50k limit.')).toBeVisible();
  },
};

export const NoData: Story = {
  render: states.framed('ready', { capabilities: fakeExportFile({ httpStatus: 204 }) }),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No data to download For This Period')).toBeVisible();
  },
};
