/**
 * `npm run bench -- tree`: the machine tree with 2,000 systems in Chromium — time to open it, to search, and to
 * select all — measured on the page of src/app/filters/machine-tree/bench/, built for production (React's production
 * build, as users get it) into var/bench-tree and served by `vite preview`.
 * Each figure is the median of several runs, from the user's action to the next frame after React has committed.
 */
import { chromium, type Page } from '@playwright/test';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { build, preview } from 'vite';

const SYSTEMS = 2000;
const RUNS = 7;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Runs `action` in the page and returns the ms until the frame after it (React has rendered and the browser painted). */
function timeInPage(page: Page, action: string): Promise<number> {
  return page.evaluate(async (body) => {
    const started = performance.now();
    new Function(body)();
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - started;
  }, action);
}

const CLICK_TOGGLE = `[...document.querySelectorAll('button')].find((b) => b.textContent === 'Toggle tree').click();`;
const CLICK_ALL = `document.querySelector('[role="checkbox"]').click();`;
const typeSearch = (value: string) => `
  const input = document.querySelector('input[type="search"]');
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, ${JSON.stringify(value)});
  input.dispatchEvent(new Event('input', { bubbles: true }));`;

async function measure(
  page: Page,
): Promise<{ openMs: number; searchMs: number; clearSearchMs: number; selectAllMs: number; renderedRows: number }> {
  const open: number[] = [];
  const search: number[] = [];
  const clearSearch: number[] = [];
  const selectAll: number[] = [];
  let renderedRows = 0;
  for (let run = 0; run < RUNS; run += 1) {
    open.push(await timeInPage(page, CLICK_TOGGLE));
    // '-' is in every serial: the whole tree, 2,000 systems unfolded, is the result.
    search.push(await timeInPage(page, typeSearch('-')));
    renderedRows = await page.locator('[role="treeitem"]').count();
    clearSearch.push(await timeInPage(page, typeSearch('')));
    await timeInPage(page, CLICK_ALL); // clears: everything was selected
    selectAll.push(await timeInPage(page, CLICK_ALL));
    await timeInPage(page, CLICK_TOGGLE);
  }
  return {
    openMs: median(open),
    searchMs: median(search),
    clearSearchMs: median(clearSearch),
    selectAllMs: median(selectAll),
    renderedRows,
  };
}

export async function benchMachineTree(): Promise<string[]> {
  const root = 'src/app/filters/machine-tree/bench';
  const outDir = path.resolve('var/bench-tree');
  const config = { configFile: false as const, root, plugins: [react()], logLevel: 'error' as const };
  await build({ ...config, build: { outDir, emptyOutDir: true } });
  const server = await preview({ ...config, build: { outDir }, preview: { port: 0, host: '127.0.0.1' } });
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    const url = server.resolvedUrls?.local[0] ?? '';
    await page.goto(`${url}?systems=${SYSTEMS}`);
    await page.getByRole('button', { name: 'Toggle tree' }).waitFor();
    // One warm-up round: Vite's first module loads and the JIT are not what a user waits for twice.
    await measure(page);
    const result = await measure(page);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    return [
      `| machine tree, ${SYSTEMS.toLocaleString('en-US')} systems (Chromium, median of ${RUNS}): open | ${ms(result.openMs)} |`,
      `| machine tree: search matching every system (${result.renderedRows} rows in the DOM) | ${ms(result.searchMs)} |`,
      `| machine tree: clear the search | ${ms(result.clearSearchMs)} |`,
      `| machine tree: select all | ${ms(result.selectAllMs)} |`,
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
