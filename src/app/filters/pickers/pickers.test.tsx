import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { PeriodPicker } from './PeriodPicker.tsx';

// Available from Wednesday 2023-11-15 to Tuesday 2024-03-05.
const bounds = { first: '2023-11-15', last: '2024-03-05' };

/** The calendar cell of an ISO day (cells carry it in data-date; their names read 'Friday, March 1, 2024'). */
function dayCell(date: string): HTMLElement {
  const cell = document.querySelector<HTMLElement>(`td[data-date="${date}"]:not([data-p-other-month="true"])`);
  if (cell === null) throw new Error(`no day cell for ${date}`);
  return cell;
}

function dayLabel(date: string): HTMLElement {
  const label = dayCell(date).firstElementChild;
  if (!(label instanceof HTMLElement)) throw new Error(`no day label for ${date}`);
  return label;
}

function bodyRows(): HTMLElement[] {
  return within(screen.getByRole('grid')).getAllByRole('row').slice(1);
}

function buttonsOf(group: HTMLElement): { label: string; disabled: boolean; pressed: boolean }[] {
  return within(group)
    .getAllByRole('button')
    .map((button) => ({
      label: button.textContent ?? '',
      disabled: (button as HTMLButtonElement).disabled,
      pressed: button.getAttribute('aria-pressed') === 'true',
    }));
}

describe('day picker', () => {
  it('starts weeks on Monday and disables the days outside the available dates', () => {
    const onSelect = vi.fn();
    render(<PeriodPicker timeframe="day" value="2024-03-01" bounds={bounds} onSelect={onSelect} />);
    expect(within(screen.getByRole('grid')).getAllByRole('columnheader')[0]?.textContent).toBe('Mo');
    expect(dayLabel('2024-03-06').getAttribute('aria-disabled')).toBe('true');
    expect(dayLabel('2024-03-05').getAttribute('aria-disabled')).toBe('false');
    expect(dayCell('2024-03-01').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(dayLabel('2024-03-06'));
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.click(dayLabel('2024-03-02'));
    expect(onSelect).toHaveBeenCalledWith('2024-03-02');
  });
});

describe('calendar accessibility (WCAG 2.5.3, label in name)', () => {
  it('names a day cell by its full date, holding the day number it shows', () => {
    render(<PeriodPicker timeframe="day" value="2024-03-01" bounds={bounds} onSelect={vi.fn()} />);
    const cell = screen.getByRole('cell', { name: 'Friday, March 1, 2024' });
    expect(cell.textContent).toBe('1');
    expect(cell.firstElementChild?.hasAttribute('aria-selected')).toBe(false);
  });

  it('names the month and year buttons by the month and year they show', () => {
    render(<PeriodPicker timeframe="day" value="2024-03-01" bounds={bounds} onSelect={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'March' })).toBeDefined();
    expect(screen.getByRole('button', { name: '2024' })).toBeDefined();
  });
});

describe('week picker', () => {
  it('highlights the selected Monday-based week and chooses the week of any day', () => {
    const onSelect = vi.fn();
    render(<PeriodPicker timeframe="week" value="2024-02-12" bounds={bounds} onSelect={onSelect} />);
    const highlighted = screen
      .getAllByRole('cell')
      .filter((cell) => cell.classList.contains('day-calendar__week-day'))
      .map((cell) => cell.getAttribute('data-date'));
    expect(highlighted).toEqual([
      '2024-02-12',
      '2024-02-13',
      '2024-02-14',
      '2024-02-15',
      '2024-02-16',
      '2024-02-17',
      '2024-02-18',
    ]);
    fireEvent.click(dayLabel('2024-02-22'));
    expect(onSelect).toHaveBeenCalledWith('2024-02-22');
  });

  it.each([
    ['2021-02-01', 4], // February 2021 starts on a Monday and has 28 days
    ['2024-02-05', 5],
    ['2026-03-02', 6], // March 2026 starts on a Sunday
  ])('shows the month of %s in %i rows', (value, rows) => {
    render(
      <PeriodPicker
        timeframe="week"
        value={value}
        bounds={{ first: '2020-01-01', last: '2026-12-31' }}
        onSelect={vi.fn()}
      />,
    );
    expect(bodyRows()).toHaveLength(rows);
  });
});

describe('month picker', () => {
  it('shows JAN to DEC in 4 columns, the selected month pressed and months without data disabled', () => {
    render(<PeriodPicker timeframe="month" value="2024-02-01" bounds={bounds} onSelect={vi.fn()} />);
    const grid = screen.getByRole('group', { name: 'Months of 2024' });
    expect(grid.style.gridTemplateColumns).toBe('repeat(4, 1fr)');
    const months = buttonsOf(grid);
    expect(months.map((month) => month.label)).toEqual([
      'JAN',
      'FEB',
      'MAR',
      'APR',
      'MAY',
      'JUN',
      'JUL',
      'AUG',
      'SEP',
      'OCT',
      'NOV',
      'DEC',
    ]);
    expect(months.filter((month) => !month.disabled).map((month) => month.label)).toEqual(['JAN', 'FEB', 'MAR']);
    expect(months.filter((month) => month.pressed).map((month) => month.label)).toEqual(['FEB']);
  });

  it('moves between the years that hold available dates and chooses a month by its first day', () => {
    const onSelect = vi.fn();
    render(<PeriodPicker timeframe="month" value="2024-02-01" bounds={bounds} onSelect={onSelect} />);
    expect(screen.getByRole('button', { name: 'Next year' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous year' }));
    const grid = screen.getByRole('group', { name: 'Months of 2023' });
    expect(
      buttonsOf(grid)
        .filter((month) => !month.disabled)
        .map((month) => month.label),
    ).toEqual(['NOV', 'DEC']);
    expect(screen.getByRole('button', { name: 'Previous year' })).toHaveProperty('disabled', true);
    fireEvent.click(within(grid).getByRole('button', { name: 'NOV' }));
    expect(onSelect).toHaveBeenCalledWith('2023-11-01');
  });
});

describe('quarter picker', () => {
  it('shows Q1 to Q4 and chooses a quarter by its first day', () => {
    const onSelect = vi.fn();
    render(<PeriodPicker timeframe="quarter" value="2023-10-01" bounds={bounds} onSelect={onSelect} />);
    const grid = screen.getByRole('group', { name: 'Quarters of 2023' });
    expect(buttonsOf(grid)).toEqual([
      { label: 'Q1', disabled: true, pressed: false },
      { label: 'Q2', disabled: true, pressed: false },
      { label: 'Q3', disabled: true, pressed: false },
      { label: 'Q4', disabled: false, pressed: true },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Next year' }));
    fireEvent.click(screen.getByRole('button', { name: 'Q1' }));
    expect(onSelect).toHaveBeenCalledWith('2024-01-01');
  });
});

describe('year picker', () => {
  it('lists the selected year and two on either side, years without data disabled', () => {
    const onSelect = vi.fn();
    render(<PeriodPicker timeframe="year" value="2024-01-01" bounds={bounds} onSelect={onSelect} />);
    expect(buttonsOf(screen.getByRole('group', { name: 'Years' }))).toEqual([
      { label: '2022', disabled: true, pressed: false },
      { label: '2023', disabled: false, pressed: false },
      { label: '2024', disabled: false, pressed: true },
      { label: '2025', disabled: true, pressed: false },
      { label: '2026', disabled: true, pressed: false },
    ]);
    fireEvent.click(screen.getByRole('button', { name: '2023' }));
    expect(onSelect).toHaveBeenCalledWith('2023-01-01');
  });
});
