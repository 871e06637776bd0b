import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { E2E_API_MTLS_PORT, E2E_DATA_DIR } from '../../playwright.config.ts';
import { expectNoAxeViolations } from './pages/axe.ts';
import { ACCOUNTS, signInAs } from './pages/login.page.ts';
import { ShellPage } from './pages/shell.page.ts';

/**
 * Issue #28 items 3 and 4 through the real login and the real portal process: a Certificate user opens API Management
 * from the avatar menu, generates a certificate, saves the key shown once and downloads the certificate, then curl
 * reads the fleet's numbers from the public data API's mutual-TLS port with them, as the API documentation says.
 */

const SHOTS = 'test-results/screenshots';
const DOWNLOADS = 'test-results/api-management';
const run = promisify(execFile);

async function shoot(page: Page, name: string, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  // The shell swaps its header on a media-query change: two frames, so the picture shows the header of the new size.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.screenshot({ path: `${SHOTS}/${name}-${size.width}x${size.height}.png`, animations: 'disabled' });
}

const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

/** The last 7 whole days, as the public API's custom range. */
function lastWeek(): string {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return `${day(-7)}/${day(-1)}`;
}

/** curl with the downloaded certificate and key, trusting the portal's local CA, as the API documentation shows. */
async function curl(url: string, files: { cert: string; key: string }): Promise<string> {
  const { stdout } = await run('curl', [
    '--silent',
    '--show-error',
    '--fail-with-body',
    '--cert',
    files.cert,
    '--key',
    files.key,
    '--cacert',
    path.join(E2E_DATA_DIR, 'tls', 'ca.crt'),
    url,
  ]);
  return stdout;
}

test('generate a certificate, download it, and read the fleet with curl over mutual TLS', async ({ page }) => {
  test.setTimeout(120_000);
  fs.mkdirSync(DOWNLOADS, { recursive: true });
  await signInAs(page, ACCOUNTS.certificate);
  const menu = await new ShellPage(page).openAvatarMenu();
  await menu.getByRole('menuitem', { name: 'API management' }).click();
  await expect(page.getByRole('heading', { name: 'API Management' })).toBeVisible();
  await expect(page.getByText('You have no API certificate yet. Generate one to use the data API.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await shoot(page, 'api-management-none', { width: 1920, height: 1080 });

  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText('Save your private key now')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate' })).toBeDisabled();
  const row = page.getByRole('table', { name: 'Your API certificate' }).getByRole('row').nth(1);
  await expect(row).toContainText('certificate@northwind.demo');
  await expect(row).toContainText('Approved');
  await expectNoAxeViolations(page, 'API Management showing a new key');
  for (const size of SIZES) await shoot(page, 'api-management-key', size);
  await page.setViewportSize(SIZES[0]!);

  const keyDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download key.pem' }).click();
  const key = await keyDownload;
  expect(key.suggestedFilename()).toBe('key.pem');
  const keyFile = path.join(DOWNLOADS, 'key.pem');
  await key.saveAs(keyFile);
  await page.getByRole('button', { name: 'I have saved the key' }).click();
  await expect(page.getByLabel('Private key (PEM)')).toBeHidden();

  const certificateDownload = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download certificate' }).click();
  const certificate = await certificateDownload;
  expect(certificate.suggestedFilename()).toBe('certificate.crt');
  const certFile = path.join(DOWNLOADS, 'certificate.crt');
  await certificate.saveAs(certFile);
  await expectNoAxeViolations(page, 'API Management with a certificate');
  for (const size of SIZES) await shoot(page, 'api-management', size);
  await page.setViewportSize(SIZES[0]!);

  // The integrator's side: curl with the two files against the mutual-TLS port.
  const base = `https://localhost:${E2E_API_MTLS_PORT}/v1`;
  const files = { cert: certFile, key: keyFile };
  const overview = JSON.parse(await curl(`${base}/overview?systemGroup=DTG&custom=${lastWeek()}`, files)) as {
    systemGroup: string;
  };
  expect(overview.systemGroup).toBe('DTG');
  const systems = JSON.parse(await curl(`${base}/systems?systemGroup=DTG&custom=${lastWeek()}`, files)) as {
    systems: { serialNumber: string }[];
  };
  expect(systems.systems.length).toBeGreaterThan(0);
  const csv = await curl(`${base}/jobs.csv?systemGroupType=DTG&custom=${lastWeek()}`, files);
  expect(csv.split('\r\n')[0]).toMatch(/^Start time,Start UTC offset,End time/);
  expect(csv.split('\r\n').filter((line) => line !== '').length).toBeGreaterThan(1);

  // The API documentation opens from the row, readable without the certificate.
  const docsPage = page.waitForEvent('popup');
  await row.getByRole('link', { name: 'API documentation' }).click();
  const docs = await docsPage;
  await expect(docs.getByRole('heading', { name: /Fleet Portal public data API/ })).toBeVisible();
  await expect(docs.getByText('curl --cert certificate.crt --key key.pem', { exact: false })).toBeVisible();
  await docs.setViewportSize(SIZES[0]!);
  await docs.screenshot({ path: `${SHOTS}/api-management-docs-1920x1080.png` });
  await docs.close();

  // Delete revokes it: the same files are now refused.
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('You have no API certificate yet. Generate one to use the data API.')).toBeVisible();
  const refusal = await curl(`${base}/systems?systemGroup=DTG&custom=${lastWeek()}`, files).then(
    () => 'answered',
    (error: { stdout?: string }) => error.stdout ?? '',
  );
  expect(JSON.parse(refusal)).toMatchObject({ statusCode: 401, message: expect.stringMatching(/revoked/) });
});
