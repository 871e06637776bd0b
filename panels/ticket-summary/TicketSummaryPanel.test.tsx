import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TICKET_SUMMARY_ANSWER, TICKET_SUMMARY_OPTIONS } from './fixtures.ts';
import { selectTicketSummary } from './model.ts';
import { TicketSummaryPanel } from './TicketSummaryPanel.tsx';

describe('ticket-summary model', () => {
  it("prefills the printer, the period, errors and maintenance ('Other' last) and a problem line", () => {
    expect(selectTicketSummary(TICKET_SUMMARY_ANSWER, { maxMessages: 2 }).text).toBe(
      [
        'Service ticket: SN 4711 (DTG)',
        'Period: 2026-11-18',
        '',
        'Errors (8):',
        '- Head temperature high [E-104]: 3×, 20m',
        '- Ink pressure low [E-201, E-202]: 1×, 8m 20s',
        '- … and 1 more',
        '',
        'Maintenance events (2):',
        '- Daily cleaning [M-10]: 1×, 40m',
        '- Wiper change [M-22]: 1×, 20m',
        '',
        'Problem description:',
        '',
      ].join('\n'),
    );
  });

  it("says 'none' for an empty table", () => {
    const answer = { ...TICKET_SUMMARY_ANSWER, errorTableData: { messageTableData: [] } };
    expect(selectTicketSummary(answer, TICKET_SUMMARY_OPTIONS).text).toContain('Errors (0):\n- none');
  });
});

describe('TicketSummaryPanel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('copies the edited text', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(
      <TicketSummaryPanel
        options={TICKET_SUMMARY_OPTIONS}
        data={selectTicketSummary(TICKET_SUMMARY_ANSWER, TICKET_SUMMARY_OPTIONS)}
        title="Ticket"
        systemGroup="DTG"
        width={600}
        height={380}
      />,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Ticket summary' }), { target: { value: 'Edited ticket' } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied to the clipboard')).toBeDefined();
    expect(writeText).toHaveBeenCalledWith('Edited ticket');
  });
});
