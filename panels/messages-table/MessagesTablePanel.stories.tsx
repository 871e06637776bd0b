import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PanelFrame, type PanelState } from '../../src/runtime/panel-sdk.ts';
import { MESSAGES_ERRORS, MESSAGES_MAINTENANCE, MESSAGES_TABLE_ANSWER } from './fixtures.ts';
import { selectMessagesTable, type MessagesTableData } from './model.ts';
import { MessagesTablePanel } from './MessagesTablePanel.tsx';

type MessagesTableStoryArgs = Parameters<typeof MessagesTablePanel>[0];

/** The panel inside the runtime's frame, as a report shows it in each phase (fixtures only, no network). */
function framed(state: PanelState) {
  function FramedMessagesTable(args: MessagesTableStoryArgs) {
    return (
      <div style={{ width: args.width, height: args.height }}>
        <PanelFrame
          title={args.title}
          state={state}
          placeholder="card"
          emptyState={{ message: 'No errors in this period', icon: 'event' }}
        >
          <MessagesTablePanel {...args} />
        </PanelFrame>
      </div>
    );
  }
  return FramedMessagesTable;
}

const meta = {
  title: 'Panels/Messages table',
  component: MessagesTablePanel,
  args: {
    options: MESSAGES_ERRORS,
    data: selectMessagesTable(MESSAGES_TABLE_ANSWER, MESSAGES_ERRORS) as MessagesTableData,
    title: 'Errors',
    systemGroup: 'DTG',
    width: 600,
    height: 260,
  },
  render: framed('ready'),
} satisfies Meta<typeof MessagesTablePanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  render: framed('loading'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading Errors' })).toBeVisible();
  },
};

export const Empty: Story = {
  render: framed('empty'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No errors in this period')).toBeVisible();
  },
};

export const Error: Story = {
  render: framed('error'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Error loading report data');
  },
};

/** Errors: 'Other' last. */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    const rows = within(canvasElement).getAllByRole('row');
    await expect(rows.at(-1)).toHaveTextContent('Other');
  },
};

export const Maintenance: Story = {
  args: {
    options: MESSAGES_MAINTENANCE,
    data: selectMessagesTable(MESSAGES_TABLE_ANSWER, MESSAGES_MAINTENANCE) as MessagesTableData,
    title: 'Maintenance',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('rowheader', { name: 'Daily cleaning' })).toBeVisible();
  },
};
