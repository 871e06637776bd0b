import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PanelFrame, type PanelState } from '../../src/runtime/panel-sdk.ts';
import { SOFTWARE_VERSIONS_ANSWER, SOFTWARE_VERSIONS_OPTIONS } from './fixtures.ts';
import { selectSoftwareVersions, type SoftwareVersionsData } from './model.ts';
import { SoftwareVersionsPanel } from './SoftwareVersionsPanel.tsx';

type SoftwareVersionsStoryArgs = Parameters<typeof SoftwareVersionsPanel>[0];

/** The panel inside the runtime's frame, as a report shows it in each phase (fixtures only, no network). */
function framed(state: PanelState) {
  function FramedSoftwareVersions(args: SoftwareVersionsStoryArgs) {
    return (
      <div style={{ width: args.width, height: args.height }}>
        <PanelFrame title={args.title} state={state} placeholder="card">
          <SoftwareVersionsPanel {...args} />
        </PanelFrame>
      </div>
    );
  }
  return FramedSoftwareVersions;
}

const meta = {
  title: 'Panels/Software versions',
  component: SoftwareVersionsPanel,
  args: {
    options: SOFTWARE_VERSIONS_OPTIONS,
    data: selectSoftwareVersions(SOFTWARE_VERSIONS_ANSWER) as SoftwareVersionsData,
    title: 'Software version',
    systemGroup: 'DTG',
    width: 600,
    height: 240,
  },
  render: framed('ready'),
} satisfies Meta<typeof SoftwareVersionsPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  render: framed('loading'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading Software version' })).toBeVisible();
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

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const panel = within(canvasElement);
    await expect(panel.getByText('Storm Hybrid')).toBeVisible();
    await expect(panel.getByRole('row', { name: /^RIP 12\.1\.0/ })).toBeVisible();
  },
};
