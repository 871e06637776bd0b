import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PanelFrame, type PanelState } from '../../src/runtime/panel-sdk.ts';
import { TICKET_SUMMARY_ANSWER, TICKET_SUMMARY_OPTIONS } from './fixtures.ts';
import { selectTicketSummary } from './model.ts';
import { TicketSummaryPanel } from './TicketSummaryPanel.tsx';

type TicketSummaryStoryArgs = Parameters<typeof TicketSummaryPanel>[0];

/** The panel inside the runtime's frame, as a report shows it in each phase (fixtures only, no network). */
function framed(state: PanelState) {
  function FramedTicketSummary(args: TicketSummaryStoryArgs) {
    return (
      <div style={{ width: args.width, height: args.height }}>
        <PanelFrame title={args.title} state={state} placeholder="card">
          <TicketSummaryPanel {...args} />
        </PanelFrame>
      </div>
    );
  }
  return FramedTicketSummary;
}

const meta = {
  title: 'Panels/Ticket summary',
  component: TicketSummaryPanel,
  args: {
    options: TICKET_SUMMARY_OPTIONS,
    data: selectTicketSummary(TICKET_SUMMARY_ANSWER, TICKET_SUMMARY_OPTIONS),
    title: 'Ticket',
    systemGroup: 'DTG',
    width: 600,
    height: 380,
  },
  render: framed('ready'),
} satisfies Meta<typeof TicketSummaryPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  render: framed('loading'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading Ticket' })).toBeVisible();
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

/** The prefilled ticket; Copy reports what the browser did (headless Chromium may refuse the clipboard). */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    const panel = within(canvasElement);
    const ticket = panel.getByRole('textbox', { name: 'Ticket summary' }) as HTMLTextAreaElement;
    await expect(ticket.value.startsWith('Service ticket: SN 4711 (DTG)\nPeriod: 2026-11-18\n')).toBe(true);
    await userEvent.click(panel.getByRole('button', { name: 'Copy' }));
    await expect(await panel.findByText(/^(Copied to the clipboard|The browser refused to copy)/)).toBeVisible();
  },
};
