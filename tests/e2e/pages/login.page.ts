import { expect, type Page } from '@playwright/test';

/** Demo accounts seeded by the portal on first start (README "Demo accounts"). */
export const DEMO_PASSWORD = 'fleet-demo';
export const ACCOUNTS = {
  admin: 'admin@northwind.demo',
  goals: 'goals@northwind.demo',
  readOnly: 'readonly@northwind.demo',
  superUser: 'super@fleet-portal.demo',
  /** Admin of sunrise-apparel, the Apollo tenant on the Live Dashboard allow-list. */
  apolloAdmin: 'admin@sunrise.demo',
  /** Admin of corner-print-shop, the small DTG/DTF shop. */
  smallShopOwner: 'owner@cornerprint.demo',
} as const;

/** The embedded identity provider's sign-in page. */
export class LoginPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async expectVisible(): Promise<void> {
    await expect(this.page).toHaveURL(/\/idp\//);
    await expect(this.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  }

  async signIn(email: string, password = DEMO_PASSWORD): Promise<void> {
    await this.expectVisible();
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }
}

/** Opens the portal root, which starts sign-in, and signs in as the given account. */
export async function signInAs(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await new LoginPage(page).signIn(email);
  await expect(page).toHaveURL(/\/reports\/overview/);
}
