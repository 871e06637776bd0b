import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PanelFrame, type PanelState } from '../../src/runtime/panel-sdk.ts';
import { INK_TABLE_ANSWER, INK_TABLE_OPTIONS } from './fixtures.ts';
import { selectInkTable, type InkTableData } from './model.ts';
import { InkTablePanel } from './InkTablePanel.tsx';

type InkTableStoryArgs = Parameters<typeof InkTablePanel>[0];

/** The panel inside the runtime's frame, as a report shows it in each phase (fixtures only, no network). */
function framed(state: PanelState) {
  function FramedInkTable(args: InkTableStoryArgs) {
    return (
      <div style={{ width: args.width, height: args.height }}>
        <PanelFrame
          title={args.title}
          state={state}
          placeholder="card"
          emptyState={{ message: 'There is no available data', icon: 'tank' }}
        >
          <InkTablePanel {...args} />
        </PanelFrame>
      </div>
    );
  }
  return FramedInkTable;
}

const meta = {
  title: 'Panels/Ink table',
  component: InkTablePanel,
  args: {
    options: INK_TABLE_OPTIONS,
    data: selectInkTable(INK_TABLE_ANSWER) as InkTableData,
    title: 'Ink',
    systemGroup: 'DTG',
    width: 600,
    height: 220,
  },
  render: framed('ready'),
} satisfies Meta<typeof InkTablePanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  render: framed('loading'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading Ink' })).toBeVisible();
  },
};

export const Empty: Story = {
  render: framed('empty'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('There is no available data')).toBeVisible();
  },
};

export const Error: Story = {
  render: framed('error'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Error loading report data');
  },
};

/** White's negative consumption and infinite ml per impression show as 0. */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('row', { name: 'White 0.0 2,000.0 2 0.000' })).toBeVisible();
  },
};
