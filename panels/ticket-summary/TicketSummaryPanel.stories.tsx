import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { panelStateStories } from '../../src/runtime/panel-sdk-stories.tsx';
import { TICKET_SUMMARY_ANSWER, TICKET_SUMMARY_OPTIONS } from './fixtures.ts';
import { selectTicketSummary } from './model.ts';
import { TicketSummaryPanel } from './TicketSummaryPanel.tsx';

const states = panelStateStories(TicketSummaryPanel, {
  placeholder: 'card',
  args: {
    options: TICKET_SUMMARY_OPTIONS,
    data: selectTicketSummary(TICKET_SUMMARY_ANSWER, TICKET_SUMMARY_OPTIONS),
    title: 'Ticket',
    systemGroup: 'DTG',
    width: 600,
    height: 380,
  },
});

const meta = { title: 'Panels/Ticket summary', ...states.meta } satisfies Meta<typeof TicketSummaryPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const Error: Story = states.Error;

export const NothingSelected: Story = states.NothingSelected;

/** The prefilled ticket; Copy reports what the browser did (headless Chromium may refuse the clipboard). */
export const Data: Story = {
  play: async ({ canvas }) => {
    const ticket = canvas.getByRole('textbox', { name: 'Ticket summary' }) as HTMLTextAreaElement;
    await expect(ticket.value.startsWith('Service ticket: SN 4711 (DTG)\nPeriod: 2026-11-18\n')).toBe(true);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    await expect(await canvas.findByText(/^(Copied to the clipboard|The browser refused to copy)/)).toBeVisible();
  },
};
