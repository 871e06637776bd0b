import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPanel } from '../../src/runtime/panel-sdk-testing.tsx';
import { TICKET_SUMMARY_ANSWER, TICKET_SUMMARY_OPTIONS } from './fixtures.ts';
import { t } from '../../src/runtime/panel-sdk-text.ts';
import { selectTicketSummary, ticketText } from './model.ts';
import { TicketSummaryPanel } from './TicketSummaryPanel.tsx';
import { changeLanguage, DEFAULT_LANGUAGE, i18n } from '../../src/i18n/i18n.ts';

/** The German of the server's test folder (src/server/i18n/testing/locales/de-DE): a second language is a file. */
const GERMAN_FRAMES = Object.values(
  import.meta.glob<object>('/src/server/i18n/testing/locales/de-DE/frames.json', { eager: true, import: 'default' }),
)[0];

describe('ticket-summary model', () => {
  it("prefills the printer, the period, open errors, errors and maintenance ('Other' last) and a problem line", () => {
    expect(ticketText(selectTicketSummary(TICKET_SUMMARY_ANSWER, { maxMessages: 2 }), t)).toBe(
      [
        'Service ticket: SN 4711 (DTG)',
        'Period: 2026-11-18',
        '',
        'Open errors at the end of the period (2):',
        '- Head temperature high [E-104] since November 18, 2026, 10:40 pm, ended November 19, 2026, 12:10 am',
        '- Ink pressure low [E-201] since November 17, 2026, 04:05 pm, no end reported',
        '',
        'Errors in the period (8):',
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

  it("says 'none' for an empty table and no open error", () => {
    const answer = {
      ...TICKET_SUMMARY_ANSWER,
      errorTableData: { messageTableData: [] },
      openErrors: { ...TICKET_SUMMARY_ANSWER.openErrors, events: [] },
    };
    const text = ticketText(selectTicketSummary(answer, TICKET_SUMMARY_OPTIONS), t);
    expect(text).toContain('Errors in the period (0):\n- none');
    expect(text).toContain('Open errors at the end of the period (0):\n- none');
  });

  it('says the errors are open now, with the time, while the period runs', () => {
    const answer = {
      ...TICKET_SUMMARY_ANSWER,
      openErrors: { ...TICKET_SUMMARY_ANSWER.openErrors, at: '2026-11-18T15:20:00.000Z', atPeriodEnd: false },
    };
    expect(ticketText(selectTicketSummary(answer, TICKET_SUMMARY_OPTIONS), t)).toContain(
      '\n\nOpen errors now, November 18, 2026, 03:20 pm (2):\n',
    );
  });

  it("lists the catch-all 'Other' last, in the user's words as the message tables show it", async () => {
    const errors = TICKET_SUMMARY_ANSWER.errorTableData.messageTableData;
    // The answer's rows with the catch-all first: the ticket still lists it last.
    const answer = {
      ...TICKET_SUMMARY_ANSWER,
      errorTableData: {
        messageTableData: [
          ...errors.filter((row) => row.message === 'Other'),
          ...errors.filter((row) => row.message !== 'Other'),
        ],
      },
    };
    const ticket = () => ticketText(selectTicketSummary(answer, { maxMessages: errors.length }), t);
    expect(ticket()).toContain('- Other [E-999]: 4×, 5m\n\nMaintenance events');
    i18n.addResourceBundle('de-DE', 'translation', GERMAN_FRAMES, true, true);
    await changeLanguage('de-DE');
    try {
      expect(ticket()).toContain('- Sonstige [E-999]: 4×, 5m\n\n');
      expect(ticket()).not.toContain('- Other');
    } finally {
      await changeLanguage(DEFAULT_LANGUAGE);
    }
  });

  it('lists at most maxMessages open errors and counts the rest', () => {
    const text = ticketText(selectTicketSummary(TICKET_SUMMARY_ANSWER, { maxMessages: 1 }), t);
    expect(text).toContain('(2):\n- Head temperature high [E-104] since');
    expect(text).toContain('12:10 am\n- … and 1 more\n\nErrors in the period');
  });
});

describe('TicketSummaryPanel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('copies the edited text', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPanel(TicketSummaryPanel, {
      options: TICKET_SUMMARY_OPTIONS,
      data: selectTicketSummary(TICKET_SUMMARY_ANSWER, TICKET_SUMMARY_OPTIONS),
      title: 'Ticket',
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Ticket summary' }), { target: { value: 'Edited ticket' } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied to the clipboard')).toBeDefined();
    expect(writeText).toHaveBeenCalledWith('Edited ticket');
  });
});
