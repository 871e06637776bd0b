import { expect, type Locator, type Page } from '@playwright/test';

/** The super-user tenant picker (/superUser) a super user's sign-in passes through. */
export class TenantPickerPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async expectVisible(): Promise<void> {
    await expect(this.page).toHaveURL(/\/superUser\?sessionToken=[\w-]+&state=[\w-]+$/);
    await expect(this.page.getByRole('heading', { name: 'Choose a customer' })).toBeVisible();
  }

  input(): Locator {
    return this.page.getByRole('combobox', { name: 'Customer' });
  }

  suggestions(): Locator {
    return this.page.getByRole('listbox', { name: 'Customer' }).getByRole('option');
  }

  continueButton(): Locator {
    return this.page.getByRole('button', { name: 'Continue' });
  }

  /** Types part of the name, picks the suggestion and continues; the sign-in then finishes in that tenant. */
  async pick(tenantName: string, typed = tenantName.slice(0, 5)): Promise<void> {
    await this.expectVisible();
    await this.input().fill(typed);
    await this.suggestions().filter({ hasText: tenantName }).click();
    await expect(this.input()).toHaveValue(tenantName);
    await this.continueButton().click();
  }
}
