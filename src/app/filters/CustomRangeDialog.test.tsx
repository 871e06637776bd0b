import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { CUSTOM_RANGE_MESSAGES } from '../../shared/timeframes/custom-range-rules.ts';
import { CustomRangeDialog } from './CustomRangeDialog.tsx';

const bounds = { first: '2022-01-01', last: '2024-03-05' };
const AM12 = { hour: 12, period: 'AM' } as const;
const PM11 = { hour: 11, period: 'PM' } as const;

function open(props: Partial<ComponentProps<typeof CustomRangeDialog>> = {}) {
  const onApply = vi.fn();
  render(<CustomRangeDialog bounds={bounds} group="DTG" withHours onApply={onApply} onClose={vi.fn()} {...props} />);
  return { onApply };
}

function side(name: 'From' | 'To'): HTMLElement {
  return screen.getByRole('group', { name: `${name} date` });
}

function dayLabel(name: 'From' | 'To', date: string): HTMLElement {
  const label = side(name).querySelector(`td[data-date="${date}"]:not([data-p-other-month="true"])`)?.firstElementChild;
  if (!(label instanceof HTMLElement)) throw new Error(`no day ${date}`);
  return label;
}

function chooseDay(name: 'From' | 'To', date: string): void {
  fireEvent.click(dayLabel(name, date));
}

function submit(): HTMLButtonElement {
  return screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
}

/** Picks an option of one of the hour dropdowns ('From hour', 'To AM or PM', …). */
async function chooseOption(dropdown: string, option: string): Promise<void> {
  fireEvent.click(screen.getByRole('button', { name: dropdown }));
  // The panel is display: none in jsdom (no layout), so its options count as hidden.
  const panel = await waitFor(() => {
    const element = document.querySelector('.p-dropdown-panel');
    if (!(element instanceof HTMLElement)) throw new Error('the dropdown did not open');
    return element;
  });
  fireEvent.click(within(panel).getByRole('option', { name: option, hidden: true }));
  await waitFor(() => expect(document.querySelector('.p-dropdown-panel')).toBeNull());
}

function shownTime(name: 'From' | 'To'): string {
  return Array.from(screen.getByRole('group', { name: `${name} time` }).querySelectorAll('.p-dropdown-label'))
    .map((label) => label.textContent)
    .join(' ');
}

describe('custom range dialog (spec reports §5)', () => {
  it("names every hour control (WCAG 4.1.2) and hides the dropdowns' native selects from assistive technology", () => {
    open();
    for (const name of ['From hour', 'From AM or PM', 'To hour', 'To AM or PM']) {
      expect(screen.getByRole('button', { name })).toBeDefined();
      expect(document.querySelector(`input[aria-label="${name}"]`)).not.toBeNull();
    }
    const selects = Array.from(document.querySelectorAll('.custom-range select'));
    expect(selects.length).toBe(4);
    expect(selects.every((select) => select.getAttribute('aria-hidden') === 'true')).toBe(true);
  });

  it('keeps Submit disabled while a date is empty and applies the chosen range', () => {
    const { onApply } = open();
    expect(submit().disabled).toBe(true);
    chooseDay('From', '2024-03-01');
    expect(submit().disabled).toBe(true);
    chooseDay('To', '2024-03-04');
    expect(submit().disabled).toBe(false);
    fireEvent.click(submit());
    expect(onApply).toHaveBeenCalledWith({
      startDate: '2024-03-01',
      endDate: '2024-03-04',
      startTime: AM12,
      endTime: PM11,
    });
  });

  it('disables the days outside the available dates and To days before From', () => {
    open({ initial: { startDate: '2024-03-02', endDate: '2024-03-04', startTime: AM12, endTime: PM11 } });
    expect(dayLabel('From', '2024-03-06').getAttribute('aria-disabled')).toBe('true');
    expect(dayLabel('To', '2024-03-01').getAttribute('aria-disabled')).toBe('true');
    expect(dayLabel('To', '2024-03-02').getAttribute('aria-disabled')).toBe('false');
  });

  it('pulls a start after the end to the end', () => {
    open({ initial: { startDate: '2024-02-01', endDate: '2024-02-10', startTime: AM12, endTime: PM11 } });
    chooseDay('From', '2024-02-20');
    expect(dayLabel('From', '2024-02-10').parentElement?.getAttribute('aria-selected')).toBe('true');
    expect(submit().disabled).toBe(false);
  });

  it('errors over 365 days with Submit disabled, and warns over 182 days with hours reset and locked', async () => {
    open({ initial: { startDate: '2023-01-01', endDate: '2024-03-01', startTime: AM12, endTime: PM11 } });
    expect(screen.getByRole('alert').textContent).toBe('Date range of more than 12 months is not supported');
    expect(submit().disabled).toBe(true);

    fireEvent.click(within(side('From')).getByRole('button', { name: 'Next Month' }));
    fireEvent.click(within(side('From')).getByRole('button', { name: 'Next Month' }));
    chooseDay('From', '2023-03-10');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(
      'Date range of more than 6 months does not support hour range selection. Full days will be considered',
    );
    expect(submit().disabled).toBe(false);
    expect([shownTime('From'), shownTime('To')]).toEqual(['12:00 AM', '11:00 PM']);
    expect(screen.getByRole('button', { name: 'From hour' }).closest('.p-dropdown')?.className).toContain('p-disabled');
  });

  it('resets chosen hours when the range grows over 182 days', async () => {
    open({ initial: { startDate: '2023-09-01', endDate: '2024-03-01', startTime: AM12, endTime: PM11 } });
    await chooseOption('From hour', '05:00');
    expect(shownTime('From')).toBe('05:00 AM');
    fireEvent.click(within(side('From')).getByRole('button', { name: 'Previous Month' }));
    chooseDay('From', '2023-08-01');
    expect(shownTime('From')).toBe('12:00 AM');
    expect(screen.getByRole('status').textContent).toBe(CUSTOM_RANGE_MESSAGES.hoursIgnored);
  });

  it('warns and disables Submit when From time is after To time on the same day', async () => {
    const { onApply } = open({
      initial: { startDate: '2024-03-01', endDate: '2024-03-01', startTime: AM12, endTime: PM11 },
    });
    await chooseOption('From hour', '05:00');
    await chooseOption('From AM or PM', 'PM');
    await chooseOption('To hour', '03:00');
    expect(screen.getByRole('status').textContent).toBe(
      '"From" time value should not be greater than "To" time value if dates are same',
    );
    expect(submit().disabled).toBe(true);
    await chooseOption('To hour', '06:00');
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(submit());
    expect(onApply).toHaveBeenCalledWith({
      startDate: '2024-03-01',
      endDate: '2024-03-01',
      startTime: { hour: 5, period: 'PM' },
      endTime: { hour: 6, period: 'PM' },
    });
  });

  it('has no hour picker on Jobs', () => {
    open({ withHours: false });
    expect(screen.queryByRole('group', { name: 'From time' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'To time' })).toBeNull();
  });

  it('explains on DTF days before 2024-01-31 that per-job data starts then', () => {
    open({ group: 'DTF', initial: { startDate: '2024-01-29', endDate: '2024-02-02', startTime: AM12, endTime: PM11 } });
    const withTooltip = (date: string) =>
      dayLabel('From', date).querySelector('[title]')?.getAttribute('title') ?? null;
    expect(withTooltip('2024-01-30')).toBe('The data available starting from January 31, 2024');
    expect(withTooltip('2024-01-31')).toBeNull();
  });
});
