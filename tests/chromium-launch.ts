/**
 * How tests launch a browser: Debian's Chromium (never a downloaded one; CHROMIUM_PATH overrides the path), with the
 * flags that keep it from reaching the network on its own. Used by Playwright (playwright.config.ts) and the Storybook project of vitest.config.ts.
 */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
