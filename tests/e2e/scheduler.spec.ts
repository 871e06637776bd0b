import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { E2E_DATA_DIR } from '../../playwright.config.ts';
import { ACCOUNTS, signInAs } from './pages/login.page.ts';
import { ShellPage } from './pages/shell.page.ts';

/**
 * Issue #27 through the real login, the real portal process and its sender: create an e-mail report from the avatar
 * menu's Scheduler, switch its sending off and on, have the portal send it now (the automation environment's
 * send-now call), read the delivered `.eml` from the outbox, look at it in Chromium, and unsubscribe from its link
 * without signing in, after which the entry is no longer sending.
 */

const SHOTS = 'test-results/screenshots';
const OUTBOX = path.join(E2E_DATA_DIR, 'outbox');

const emlFiles = () => (fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((name) => name.endsWith('.eml')) : []);

async function shoot(page: Page, name: string, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  // The shell swaps its header on a media-query change: two frames, so the picture shows the header of the new size.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.screenshot({ path: `${SHOTS}/${name}-${size.width}x${size.height}.png`, animations: 'disabled' });
}

test('schedule the weekly report, toggle its sending, receive it and unsubscribe from its link', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const before = new Set(emlFiles());
  await signInAs(page, ACCOUNTS.admin);
  const menu = await new ShellPage(page).openAvatarMenu();
  // The app's own call carries the access token the send-now call needs.
  const listed = page.waitForRequest((request) => request.url().endsWith('/api/email-reports-scheduler/entries'));
  await menu.getByRole('menuitem', { name: 'Scheduler' }).click();
  await expect(page.getByRole('heading', { name: 'Scheduler' })).toBeVisible();
  const authorization = (await listed).headers()['authorization'] ?? '';

  await page.getByRole('button', { name: 'New scheduler' }).click();
  const form = page.getByRole('dialog', { name: 'new scheduler' });
  await expect(form.getByLabel('Email subject')).toHaveValue('My report');
  await expect(form.getByRole('checkbox', { name: 'Tuesday' })).toBeChecked();
  await shoot(page, 'scheduler-new', { width: 1920, height: 1080 });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('E-mail scheduler saved')).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: 'My report' });
  const sending = row.getByRole('switch', { name: 'Sending My report' });
  await expect(sending).toBeChecked();
  // Columns: subject, report, time, repeat, last sent, notes, sending, actions.
  const lastSent = row.getByRole('cell').nth(4);
  await expect(lastSent).toHaveText('Never');
  await sending.click();
  await expect(sending).not.toBeChecked();
  await page.reload();
  await expect(sending).not.toBeChecked();
  await sending.click();
  await expect(sending).toBeChecked();
  for (const size of [
    { width: 1920, height: 1080 },
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ]) {
    await shoot(page, 'scheduler', size);
  }
  await page.setViewportSize({ width: 1920, height: 1080 });
  await row.getByText('Weekly on Tuesday').click();
  await expect(page.getByRole('dialog', { name: /My report/ })).toBeVisible();
  await shoot(page, 'scheduler-preview', { width: 1920, height: 1080 });
  await page.keyboard.press('Escape');

  // Send now: the portal's own sender builds and delivers it to the outbox.
  const reportId = await page.evaluate(async (auth) => {
    const response = await fetch('/api/email-reports-scheduler/entries', { headers: { authorization: auth } });
    const entries = (await response.json()) as { reportId: string; subject: string }[];
    return entries.find((entry) => entry.subject === 'My report')?.reportId ?? '';
  }, authorization);
  const sent = await page.request.post(`/api/email-reports-scheduler/entries/${reportId}/send-now`, {
    headers: { authorization },
  });
  expect(sent.status()).toBe(204);
  await expect.poll(() => emlFiles().filter((name) => !before.has(name)).length, { timeout: 60_000 }).toBe(1);
  const file = emlFiles().find((name) => !before.has(name)) ?? '';
  const mail = await simpleParser(fs.readFileSync(path.join(OUTBOX, file)));
  expect(mail.subject).toMatch(/^My report: /);
  expect(mail.attachments.some((attachment) => attachment.contentType === 'image/png')).toBe(true);
  await page.reload();
  await expect(lastSent).toHaveText(/^\d\d\/\d\d\/\d{4}$/);

  // The e-mail as a mail client shows it (mailparser inlines the CID images as data URLs).
  const mailView = await browser.newPage({ viewport: { width: 900, height: 1400 } });
  await mailView.setContent(String(mail.html));
  await expect(mailView.getByRole('img').first()).toBeVisible();
  await mailView.screenshot({ path: `${SHOTS}/scheduler-email.png`, fullPage: true });
  await mailView.close();

  // Unsubscribe from the link in a browser that has never signed in.
  const link = /Unsubscribe: (\S+)/.exec(mail.text ?? '')?.[1] ?? '';
  expect(link).toContain('/unsubscribe?token=');
  const stranger = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1366, height: 768 } });
  const publicPage = await stranger.newPage();
  await publicPage.goto(link);
  await expect(publicPage.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  await expect(publicPage.getByText('We are sorry to see you go')).toBeVisible();
  await publicPage.getByLabel('E-mail').fill(ACCOUNTS.admin);
  await shoot(publicPage, 'unsubscribe', { width: 1366, height: 768 });
  await publicPage.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(publicPage.getByText('Success')).toBeVisible();
  await shoot(publicPage, 'unsubscribe-success', { width: 390, height: 844 });
  await stranger.close();

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Sending My report' })).not.toBeChecked();
});
