import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { TIMEFRAME_TABLE } from '../../shared/timeframes/timeframe-table.ts';
import { fixtureFiltersInput } from './filter-bar.fixtures.ts';
import { DESKTOP_PICKER_HIDDEN_QUERY, MOBILE_FILTER_QUERY } from './FilterBar.tsx';
import { StandaloneFilterBar } from './StandaloneFilterBar.tsx';

// The fixture's dates run from 2023-11-15 to Tuesday 2024-03-05; the overview starts on that last day.
type Props = Partial<ComponentProps<typeof StandaloneFilterBar>>;

function renderBar(props: Props = {}) {
  render(
    <StandaloneFilterBar
      input={fixtureFiltersInput()}
      group="DTG"
      userGroups={['DTG', 'DTF']}
      onGroupChange={vi.fn()}
      {...props}
    />,
  );
  return screen.getByRole('toolbar', { name: 'Report filters' });
}

/** Makes the given media queries match (jsdom has no layout). */
function matchMedia(matching: string[]): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matching.includes(query),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function dayLabel(scope: HTMLElement, date: string): HTMLElement {
  const label = scope.querySelector(`td[data-date="${date}"]:not([data-p-other-month="true"])`)?.firstElementChild;
  if (!(label instanceof HTMLElement)) throw new Error(`no day ${date}`);
  return label;
}

async function openPicker(bar: HTMLElement, title: string): Promise<HTMLElement> {
  fireEvent.click(within(bar).getByRole('button', { name: title }));
  const popup = await waitFor(() => {
    const element = document.querySelector('.filter-bar__picker');
    if (!(element instanceof HTMLElement)) throw new Error('the picker did not open');
    return element;
  });
  // The picker's code loads with the popup (DatePickerButton).
  await waitFor(() => {
    if (popup.querySelector('.p-datepicker, .period-grid') === null) throw new Error('the picker did not load');
  });
  // jsdom has no layout, so PrimeReact's positioning leaves the popup display: none; show it as a browser does.
  popup.style.display = '';
  expect(popup.getAttribute('role')).toBe('dialog');
  expect(popup.getAttribute('aria-label')).toBe('Calendar');
  return popup;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FilterBar before the period is known', () => {
  it('has no button without a name while the filter data is loading (axe: button-name)', () => {
    const bar = renderBar({ input: fixtureFiltersInput({ filterData: {} }) });
    const unnamed = within(bar)
      .getAllByRole('button')
      .filter((button) => (button.getAttribute('aria-label') ?? button.textContent ?? '').trim() === '');
    expect(unnamed.map((button) => button.className)).toEqual([]);
    // The title's place is kept, and the picker is offered once the period is known.
    expect(bar.querySelector('.filter-bar__title')).not.toBeNull();
  });
});

describe('filter bar pickers (spec reports §2)', () => {
  it('chooses a day in the day picker and closes it', async () => {
    const bar = renderBar();
    const picker = await openPicker(bar, 'March 5, 2024');
    expect(dayLabel(picker, '2024-03-06').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(dayLabel(picker, '2024-03-02'));
    expect(within(bar).getByText('March 2, 2024')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.filter-bar__picker')).toBeNull());
    expect(within(bar).getByRole('button', { name: 'Today' })).toHaveProperty('disabled', false);
  });

  it('chooses a week in the week picker, which highlights it', async () => {
    const bar = renderBar();
    fireEvent.click(within(bar).getByRole('button', { name: 'Week' }));
    const picker = await openPicker(bar, 'Mar 4 – Mar 10, 2024');
    expect(dayLabel(picker, '2024-03-10').parentElement?.className).toContain('day-calendar__week-day');
    fireEvent.click(dayLabel(picker, '2024-03-01'));
    expect(within(bar).getByText('Feb 26 – Mar 3, 2024')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.filter-bar__picker')).toBeNull());
  });

  it('chooses a month in the month picker on Jobs', async () => {
    const bar = renderBar({ input: fixtureFiltersInput({ report: 'jobs', rules: TIMEFRAME_TABLE.jobs }) });
    fireEvent.click(within(bar).getByRole('button', { name: 'Month' }));
    const picker = await openPicker(bar, 'Mar 1 – Mar 31, 2024');
    fireEvent.click(within(picker).getByRole('button', { name: 'JAN' }));
    expect(within(bar).getByText('Jan 1 – Jan 31, 2024')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.filter-bar__picker')).toBeNull());
  });

  it('opens the custom range picker from Custom and shows the applied range without Today', async () => {
    const bar = renderBar();
    fireEvent.click(within(bar).getByRole('button', { name: 'Custom' }));
    const dialog = await screen.findByRole('dialog', { name: 'Custom Range' });
    fireEvent.click(dayLabel(within(dialog).getByRole('group', { name: 'From date' }), '2024-03-01'));
    fireEvent.click(dayLabel(within(dialog).getByRole('group', { name: 'To date' }), '2024-03-04'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(bar).findByText('Mar 1, 2024 12:00 AM – Mar 4, 2024 11:00 PM')).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Custom' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(bar).queryByRole('button', { name: 'Today' })).toBeNull();
    expect(within(bar).getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Custom Range' })).toBeNull());
  });

  it('keeps the timeframe when the custom range picker is closed without Submit', async () => {
    const bar = renderBar();
    fireEvent.click(within(bar).getByRole('button', { name: 'Custom' }));
    const dialog = await screen.findByRole('dialog', { name: 'Custom Range' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Custom Range' })).toBeNull());
    expect(within(bar).getByRole('button', { name: 'Day' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('hides the desktop date picker under 900 px', () => {
    matchMedia([DESKTOP_PICKER_HIDDEN_QUERY]);
    const bar = renderBar();
    expect(within(bar).getByText('March 5, 2024').closest('button')).toBeNull();
    expect(within(bar).getByRole('button', { name: 'Previous' })).toBeTruthy();
  });
});

describe('filter bar variants (spec reports §2)', () => {
  it('offers the group toggle only with two or more groups', () => {
    expect(within(renderBar()).getByRole('group', { name: 'System group' })).toBeTruthy();
  });

  it("draws the user's groups in their order, the shown one pressed; another is chosen with a click or the keyboard", async () => {
    const onGroupChange = vi.fn();
    const bar = renderBar({ userGroups: ['DTF', 'DTG', 'Apollo'], onGroupChange });
    const groups = within(bar).getByRole('group', { name: 'System group' });
    const buttons = within(groups).getAllByRole('button');
    expect(buttons.map((button) => [button.textContent, button.getAttribute('aria-pressed')])).toEqual([
      ['DTF', 'false'],
      ['DTG', 'true'],
      ['Apollo', 'false'],
    ]);
    fireEvent.click(within(groups).getByRole('button', { name: 'DTG' }));
    expect(onGroupChange, 'the shown group pressed again changes nothing').not.toHaveBeenCalled();
    fireEvent.click(within(groups).getByRole('button', { name: 'DTF' }));
    expect(onGroupChange).toHaveBeenLastCalledWith('DTF');
    // One tab stop (the shown group); the arrows move between the groups and Enter chooses.
    expect(buttons.map((button) => button.tabIndex)).toEqual([-1, 0, -1]);
    await userEvent.click(within(groups).getByRole('button', { name: 'DTG' }));
    await userEvent.keyboard('{ArrowRight}{Enter}');
    expect(onGroupChange).toHaveBeenLastCalledWith('Apollo');
  });

  it('hides the group toggle for a single group', () => {
    expect(within(renderBar({ userGroups: ['DTG'] })).queryByRole('group', { name: 'System group' })).toBeNull();
  });

  it('shows a back button and no group toggle on detail pages', () => {
    const onBack = vi.fn();
    const bar = renderBar({
      variant: 'detail',
      onBack,
      input: fixtureFiltersInput({ report: 'systemPage', rules: TIMEFRAME_TABLE.systemPage }),
    });
    expect(within(bar).queryByRole('group', { name: 'System group' })).toBeNull();
    fireEvent.click(within(bar).getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledOnce();
    expect(within(bar).getByRole('button', { name: 'Week' })).toBeTruthy();
  });

  it("shows only a back arrow and 'Service Ticket' on the service ticket", () => {
    const bar = renderBar({ variant: 'serviceTicket', onBack: vi.fn() });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Back']);
    expect(within(bar).getByRole('heading', { name: 'Service Ticket' })).toBeTruthy();
  });
});

describe('mobile calendar under 750 px (spec reports §2)', () => {
  async function openMobileCalendar(bar: HTMLElement): Promise<HTMLElement> {
    fireEvent.click(within(bar).getByRole('button', { name: 'Open calendar' }));
    return screen.findByRole('dialog', { name: 'March 5, 2024' });
  }

  it('shows a calendar icon and the date title instead of the desktop controls', () => {
    matchMedia([MOBILE_FILTER_QUERY, DESKTOP_PICKER_HIDDEN_QUERY]);
    const bar = renderBar();
    expect(within(bar).getByText('March 5, 2024')).toBeTruthy();
    expect(within(bar).queryByRole('group', { name: 'Timeframe' })).toBeNull();
    expect(within(bar).queryByRole('button', { name: 'Previous' })).toBeNull();
  });

  it('applies timeframe and date on Done', async () => {
    matchMedia([MOBILE_FILTER_QUERY, DESKTOP_PICKER_HIDDEN_QUERY]);
    const bar = renderBar();
    const modal = await openMobileCalendar(bar);
    fireEvent.click(within(modal).getByRole('button', { name: 'Week' }));
    fireEvent.click(dayLabel(modal, '2024-03-01'));
    expect(within(bar).getByText('March 5, 2024')).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Done' }));
    expect(await within(bar).findByText('Feb 26 – Mar 3, 2024')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('restores the filters when closed without Done', async () => {
    matchMedia([MOBILE_FILTER_QUERY, DESKTOP_PICKER_HIDDEN_QUERY]);
    const bar = renderBar();
    const modal = await openMobileCalendar(bar);
    fireEvent.click(dayLabel(modal, '2024-03-02'));
    expect(within(modal).getByText('March 2, 2024')).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(bar).getByText('March 5, 2024')).toBeTruthy();
    const reopened = await openMobileCalendar(bar);
    expect(dayLabel(reopened, '2024-03-05').parentElement?.getAttribute('aria-selected')).toBe('true');
  });
});
