import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SchedulerEntry, SchedulerEntryInput } from '../../../shared/contract/scheduler.contract.ts';
import { jsonResponse } from '../../testing/fake-api.ts';
import { ADMIN } from '../../testing/fake-identity.ts';
import { renderApp } from '../../testing/render-app.tsx';

/** Spec shell §2 "Scheduler page", §4 "Scheduler modal", §5, §8 toasts, §9 (notes 40 characters, defaults). */

/** A window `width` px wide: min-width and max-width queries answer as a browser would. */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width: (\d+)px/.exec(query);
    const max = /max-width: (\d+)px/.exec(query);
    const matches = (min === null || width >= Number(min[1])) && (max === null || width <= Number(max[1]));
    return { matches, media: query, addEventListener: () => undefined, removeEventListener: () => undefined };
  });
}

const NOTES = 'Weekly numbers for the Monday production meeting in Hall 2';

function entry(overrides: Partial<SchedulerEntry> = {}): SchedulerEntry {
  return {
    reportId: 'entry-1',
    userId: 'admin',
    subject: 'Hall 2 summary',
    emailReportId: 1,
    emailReportName: 'Weekly report',
    startSendDate: '2026-03-02',
    endSendDate: null,
    repeat: { frequency: 2, dayOfWeek: [1] },
    notes: NOTES,
    isActive: true,
    customerIds: [],
    siteIds: [],
    systemIds: [],
    timeZone: 'Europe/Berlin',
    lastSent: null,
    lastError: null,
    ...overrides,
  };
}

function renderScheduler(
  entries: SchedulerEntry[],
  onSave?: (input: SchedulerEntryInput) => Response | Promise<Response>,
) {
  const saved: SchedulerEntryInput[] = [];
  const view = renderApp({
    path: '/scheduler',
    user: ADMIN,
    api: {
      '/api/email-reports-scheduler/entries': (_url: URL, init: RequestInit) => {
        if (init.method !== 'POST') return jsonResponse(entries);
        const input = JSON.parse(String(init.body)) as SchedulerEntryInput;
        saved.push(input);
        return (
          onSave?.(input) ??
          jsonResponse(
            entry({
              ...input,
              reportId: input.reportId === undefined || input.reportId === '0' ? 'entry-new' : input.reportId,
              endSendDate: input.endSendDate ?? null,
              timeZone: input.timeZone ?? 'UTC',
            }),
          )
        );
      },
      '/api/email-reports-scheduler/entries/entry-1': () => new Response(null, { status: 204 }),
    },
  });
  return { ...view, saved };
}

describe('Scheduler page', () => {
  beforeEach(() => viewport(1366));

  it('lists the entries: subject, report, dd/MM/yyyy dates, repeat, last sent, notes cut at 40 characters, sending', async () => {
    renderScheduler([
      entry(),
      entry({
        reportId: 'entry-2',
        subject: 'Failing',
        notes: 'Short',
        isActive: false,
        lastSent: '2026-03-24T05:00:00.000Z',
        lastError: 'Sending failed (attempt 1 of 5): 451 busy',
        endSendDate: '2026-12-31',
      }),
    ]);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Email subject', 'Report', 'Time', 'Repeat', 'Last sent', 'Notes', 'Sending', 'Actions']);
    const first = within(rows[1] as HTMLElement);
    expect(first.getByText('Weekly report')).toBeTruthy();
    expect(first.getByText('02/03/2026 – Never')).toBeTruthy();
    expect(first.getByText('Weekly on Tuesday')).toBeTruthy();
    expect(first.getByText('Never')).toBeTruthy();
    expect(first.getByText(`${NOTES.slice(0, 40)}...`)).toBeTruthy();
    expect(first.getByRole('switch', { name: 'Sending Hall 2 summary' })).toHaveProperty('checked', true);
    const second = within(rows[2] as HTMLElement);
    expect(second.getByText('Short')).toBeTruthy();
    expect(second.getByText('02/03/2026 – 31/12/2026')).toBeTruthy();
    expect(second.getByText(/24\/03\/2026 \(sending failed\)/).getAttribute('title')).toContain('451 busy');
    expect(second.getByRole('switch', { name: 'Sending Failing' })).toHaveProperty('checked', false);
  });

  it('re-saves an entry with sending flipped, a spinner on its row meanwhile, then the success toast', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { saved } = renderScheduler([entry()], () => new Promise((resolve) => (answer = resolve)));
    fireEvent.click(await screen.findByRole('switch', { name: 'Sending Hall 2 summary' }));
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    expect(await within(row).findByRole('status', { name: 'Saving' })).toBeTruthy();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ reportId: 'entry-1', isActive: false, subject: 'Hall 2 summary', notes: NOTES });
    answer(jsonResponse(entry({ isActive: false })));
    await waitFor(() => expect(within(row).queryByRole('status', { name: 'Saving' })).toBeNull());
    expect(within(row).getByRole('switch')).toHaveProperty('checked', false);
    expect(await screen.findByText('E-mail scheduler saved')).toBeTruthy();
  });

  it("creates 'My report', weekly on Tuesday, for the whole scope, from the 'new scheduler' modal with only sending editable", async () => {
    const { saved } = renderScheduler([]);
    fireEvent.click(await screen.findByRole('button', { name: 'New scheduler' }));
    const dialog = await screen.findByRole('dialog', { name: 'new scheduler' });
    expect(within(dialog).getByLabelText('Email subject')).toHaveProperty('value', 'My report');
    for (const field of ['Email subject', 'Report', 'Scope', 'Start date', 'Time', 'Repeat', 'Ends', 'Notes']) {
      expect(within(dialog).getByLabelText(field)).toHaveProperty('disabled', true);
    }
    expect(within(dialog).getByRole('checkbox', { name: 'Tuesday' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('checkbox', { name: 'Monday' })).toHaveProperty('checked', false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      subject: 'My report',
      emailReportId: 1,
      repeat: { frequency: 2, dayOfWeek: [1] },
      isActive: true,
      customerIds: [],
      siteIds: [],
      systemIds: [],
    });
    expect(saved[0]?.reportId).toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'new scheduler' })).toBeNull());
    expect(await screen.findByText('E-mail scheduler saved')).toBeTruthy();
  });

  it("opens a row's preview, edits it as 'edit scheduler', duplicates with reportId '0' and deletes after confirmation", async () => {
    const { saved } = renderScheduler([entry()]);
    fireEvent.click(await screen.findByText('Weekly on Tuesday'));
    const preview = await screen.findByRole('dialog', { name: /Hall 2 summary/ });
    expect(within(preview).getByText(NOTES)).toBeTruthy();
    expect(within(preview).getAllByText('Never')).toHaveLength(2);
    fireEvent.click(within(preview).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'edit scheduler' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    fireEvent.click(await screen.findByRole('button', { name: 'More actions for Hall 2 summary' }));
    fireEvent.click(await screen.findByText('Duplicate'));
    const copy = await screen.findByRole('dialog', { name: 'new scheduler' });
    fireEvent.click(within(copy).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved[0]?.reportId).toBe('0'));

    fireEvent.click((await screen.findAllByText('Weekly on Tuesday', { selector: 'td' }))[0] as HTMLElement);
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: /Hall 2 summary/ })).getByRole('button', { name: 'Delete' }),
    );
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete e-mail report' })).getByRole('button', { name: 'Yes' }),
    );
    expect(await screen.findByText('E-mail scheduler deleted')).toBeTruthy();
  });

  it('hides the row menu (Duplicate) under 930 px', async () => {
    viewport(929);
    renderScheduler([entry()]);
    await screen.findByRole('switch', { name: 'Sending Hall 2 summary' });
    expect(screen.queryByRole('button', { name: 'More actions for Hall 2 summary' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });
});
