import { expect, type BrowserContext, type Page } from '@playwright/test';
import { TenantPickerPage } from './tenant-picker.page.ts';

/** Demo accounts seeded by the portal on first start (README "Demo accounts"). */
export const DEMO_PASSWORD = 'fleet-demo';
export const ACCOUNTS = {
  admin: 'admin@northwind.demo',
  goals: 'goals@northwind.demo',
  readOnly: 'readonly@northwind.demo',
  /** Holds the Certificate role (API Management), not Admin. */
  certificate: 'certificate@northwind.demo',
  superUser: 'super@fleet-portal.demo',
  /** Admin of sunrise-apparel, the Apollo tenant on the Live Dashboard allow-list. */
  apolloAdmin: 'admin@sunrise.demo',
  /** Admin of corner-print-shop, the small DTG/DTF shop. */
  smallShopOwner: 'owner@cornerprint.demo',
} as const;

/** The tenant the super user picks when a test signs in as them without choosing (their own, Northwind's demo fleet). */
export const SUPER_USER_DEFAULT_TENANT = 'Northwind Textiles';

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

/**
 * Opens the portal root, which starts sign-in, and signs in as the given account through the IdP's form; the super user
 * then passes the tenant picker, choosing SUPER_USER_DEFAULT_TENANT.
 */
export async function signInAs(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await new LoginPage(page).signIn(email);
  if (email === ACCOUNTS.superUser) await new TenantPickerPage(page).pick(SUPER_USER_DEFAULT_TENANT);
  await expect(page).toHaveURL(/\/reports\/overview/);
}

type BrowserSession = Awaited<ReturnType<BrowserContext['storageState']>>;

/** The browser state (cookies: the IdP session and MSAL's cache key; local storage: MSAL's cache) of one sign-in per account, kept per worker. */
const signedInSessions = new Map<string, { state: BrowserSession; takenAt: number }>();

/**
 * How long a kept sign-in may be restored. Its access token lives 15 minutes (src/server/idp/identity-provider.ts) and MSAL
 * renews a token 5 minutes before it expires, with the refresh token, which the IdP rotates on use. So from 10 minutes on,
 * a restored copy renews, and the next copy restored holds a refresh token already spent: the IdP refuses it and the app
 * goes back to the sign-in page. Restored only in its first 5 minutes, a copy reaches 10 minutes only in a test running
 * over 5 minutes (the longest timeout is a few minutes); older copies are replaced by a new sign-in through the form.
 */
const SESSION_REUSE_MS = 5 * 60_000;

/**
 * Opens the portal signed in as the given account, like a returning user whose browser still holds the session:
 * the first time in this worker through the IdP's form, afterwards by restoring that sign-in's cookies and local
 * storage into the test's fresh context. For tests whose subject is not the sign-in itself (use signInAs for those).
 * `path`: the page to open, so a restored session loads the app once, at that page, not first at the Overview.
 */
export async function openSignedInAs(page: Page, email: string, path = '/'): Promise<void> {
  const kept = signedInSessions.get(email);
  if (kept === undefined || Date.now() - kept.takenAt > SESSION_REUSE_MS) {
    const takenAt = Date.now();
    // A page this test already signed in (a second call after the kept copy grew too old) forgets that session first,
    // so the new sign-in goes through the IdP's form as signInAs expects.
    if (page.url() !== 'about:blank') {
      await page.context().clearCookies();
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
    }
    await signInAs(page, email);
    signedInSessions.set(email, { state: await page.context().storageState(), takenAt });
    if (path !== '/') await page.goto(path);
    return;
  }
  await page.context().setStorageState(kept.state);
  await page.goto(path);
  if (path === '/') await expect(page).toHaveURL(/\/reports\/overview/);
}
