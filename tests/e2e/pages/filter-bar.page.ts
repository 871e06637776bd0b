import { expect, type Locator, type Page } from '@playwright/test';

const DAY_TITLE = /^[A-Z][a-z]+ \d{1,2}, \d{4}$/;

/** yyyy-MM-dd plus a number of days (UTC, as the portal's e2e browser runs). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function mondayOf(day: string): string {
  return addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
}

/** 'Nov 18, 2026': a day as the custom range title shows it. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The report filter bar of a report page, its pickers and dialogs. */
export class FilterBarPage {
  readonly page: Page;
  readonly root: Locator;

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByRole('toolbar', { name: 'Report filters' });
  }

  button(name: string): Locator {
    return this.root.getByRole('button', { name, exact: true });
  }

  title(): Locator {
    return this.root.locator('.filter-bar__title');
  }

  /** The selected day once the filters are ready (day timeframe), as yyyy-MM-dd. */
  async selectedDay(): Promise<string> {
    await expect(this.title()).toHaveText(DAY_TITLE);
    const title = (await this.title().textContent()) ?? '';
    return new Date(Date.parse(`${title} UTC`)).toISOString().slice(0, 10);
  }

  picker(): Locator {
    return this.page.getByRole('dialog', { name: 'Calendar' });
  }

  /** Opens the period title's popup and waits until its picker has loaded (its code loads with the popup) and shows. */
  async openPicker(): Promise<Locator> {
    await this.title().click();
    await expect(this.picker()).toBeVisible();
    await expect(this.picker().getByRole('status', { name: 'Loading calendar' })).toHaveCount(0);
    // Its opening animation (opacity and scale) has ended.
    await expect(this.picker()).toHaveCSS('opacity', '1');
    await expect(this.picker()).toHaveCSS('transform', 'none');
    return this.picker();
  }

  /** Clicks a day in a PrimeReact day calendar, moving month by month until it is shown. */
  async chooseDay(calendar: Locator, day: string): Promise<void> {
    const cell = calendar.locator(`td[data-date="${day}"]:not([data-p-other-month="true"]) > span`);
    for (let step = 0; step < 12 && (await cell.count()) === 0; step += 1) {
      const shown = await calendar
        .locator('td:not([data-p-other-month="true"])[data-date]')
        .first()
        .getAttribute('data-date');
      const direction = (shown ?? '').slice(0, 7) > day.slice(0, 7) ? 'Previous Month' : 'Next Month';
      await calendar.getByRole('button', { name: direction }).click();
    }
    await cell.click();
  }

  async chooseInPicker(day: string): Promise<void> {
    await this.chooseDay(await this.openPicker(), day);
    await expect(this.picker()).toBeHidden();
  }

  /** Opens Custom, checks Submit starts disabled, picks both days and a morning From hour (hh:00), submits; returns the title. */
  async applyCustomRange(from: string, to: string, morningHour: string): Promise<string> {
    await this.button('Custom').click();
    const dialog = this.customRangeDialog();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await this.chooseDay(dialog.getByRole('group', { name: 'From date' }), from);
    await this.chooseDay(dialog.getByRole('group', { name: 'To date' }), to);
    await this.chooseHour('From hour', morningHour);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog).toBeHidden();
    const title = `${shortDay(from)} ${morningHour} AM – ${shortDay(to)} 11:00 PM`;
    await expect(this.title()).toHaveText(title);
    return title;
  }

  customRangeDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Custom Range' });
  }

  /** Picks an option of one of the custom range's hour dropdowns ('From hour', 'To AM or PM', …). */
  async chooseHour(dropdown: string, option: string): Promise<void> {
    await this.customRangeDialog().getByRole('button', { name: dropdown }).click();
    await this.page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
    await expect(this.page.locator('.p-dropdown-panel')).toBeHidden();
  }

  mobileCalendar(): Locator {
    return this.page.locator('.mobile-calendar');
  }

  async openMobileCalendar(): Promise<Locator> {
    await this.root.getByRole('button', { name: 'Open calendar' }).click();
    await expect(this.mobileCalendar()).toBeVisible();
    // It slides in from the bottom; wait for the end of the animation.
    await expect(this.mobileCalendar()).toHaveClass(/p-dialog-enter-done/);
    return this.mobileCalendar();
  }
}
