/**
 * `npm run bench -- tv-latency [--events N]` (issue #15 "Measured"): latency from `POST /api/ingest/telemetry`
 * acknowledged to the new value painted on the Live Dashboard, on the real portal (scripts/start.ts, fresh data folder,
 * 14 demo days) with live telemetry ON (the simulator ingests the whole demo fleet every 5 s), in headless Debian
 * Chromium at 1920×1080 signed in as the Sunrise (Apollo) admin, the dashboard in kiosk mode on one printer whose site
 * has a shift running.
 *
 * Every time is taken in the page, so one clock measures all of them: the page itself posts each job (a gateway's
 * record with the ingest token of PORTAL_INGEST_TOKENS) and notes the acknowledgement; an init script notes when the
 * app's live stream delivers an `ingest` event (it wraps fetch for that URL, passing every byte on), when each
 * xmrImpressions answer arrives and what it counts, and when the shift impressions text changes (MutationObserver, then
 * the end of the next animation frame, i.e. after it is painted). A job adds JOB_IMPRESSIONS, more than the simulator's
 * jobs add in seconds, so the change that shows it is the first whose number reaches the count before the post plus
 * JOB_IMPRESSIONS, and the answer that carried it the first that counts that much. Events are N in a row, each after
 * the previous one is painted and a pause of a second or two.
 */
import type { Page } from '@playwright/test';
import { loadavg } from 'node:os';
import { formatMs, percentile } from './latency-stats.ts';
import { withSignedInPortal } from './portal-session.ts';
import { benchIngestToken, printerOnShift, SUNRISE_ADMIN } from './tv-bench-fleet.ts';

const JOB_IMPRESSIONS = 10_000;
const EVENT_TIMEOUT_MS = 30_000;

/** What the init script collects, in the page's clock (performance.now()). */
interface PageTimes {
  pushes: number[];
  answers: { started: number; received: number; shiftImp: number }[];
  paints: { at: number; value: number }[];
}

interface Sample {
  /** POST acknowledged → the new value painted: the measurement. */
  total: number;
  /** POST sent → acknowledged. */
  ack: number;
  /** Acknowledgement → the live stream's ingest event (negative when the push beats the HTTP answer). */
  push: number;
  /** Push → the refetch's answer received (the page's invalidation, the request, the server's answer). */
  refetch: number;
  /** Answer → the new number painted (React render, layout, paint). */
  paint: number;
}

/** Installed before the app loads: the instrumentation of PageTimes. */
function instrument(): void {
  const times: PageTimes = { pushes: [], answers: [], paints: [] };
  (window as unknown as { tvBench: PageTimes }).tvBench = times;
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof Request ? input.url : String(input);
    const started = performance.now();
    const response = await original(input, init);
    if (url.includes('/api/tv-dashboard/live') && response.body !== null) {
      const decoder = new TextDecoder();
      const noting = new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          const text = decoder.decode(chunk, { stream: true });
          for (const _ of text.matchAll(/^event: ingest$/gm)) times.pushes.push(performance.now());
          controller.enqueue(chunk);
        },
      });
      return new Response(response.body.pipeThrough(noting), {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    }
    if (url.includes('/api/tv-dashboard/xmrImpressions')) {
      response
        .clone()
        .json()
        .then((body: { shiftImp?: number }) =>
          times.answers.push({ started, received: performance.now(), shiftImp: body.shiftImp ?? -1 }),
        )
        .catch(() => undefined);
    }
    return response;
  };
  let shown = '';
  const observer = new MutationObserver(() => {
    const text = document.querySelector('[data-testid="shift-impressions"]')?.textContent ?? '';
    if (text === shown) return;
    shown = text;
    const value = Number(text.replace(/,/g, ''));
    // After the frame that draws the change: a message posted from requestAnimationFrame runs once it is painted.
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => times.paints.push({ at: performance.now(), value });
      channel.port2.postMessage(null);
    });
  });
  const observe = () => observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  if (document.body === null) document.addEventListener('DOMContentLoaded', observe);
  else observe();
}

async function shownValue(page: Page): Promise<number> {
  return Number((await page.getByTestId('shift-impressions').innerText()).replace(/,/g, ''));
}

/** Posts one job from the page and waits for its value on screen; returns the stages in page time. */
async function oneEvent(page: Page, token: string, serial: string, index: number): Promise<Sample> {
  const before = await shownValue(page);
  const expected = before + JOB_IMPRESSIONS;
  const post = await page.evaluate(
    async ({ ingestToken, system, impressions, id }) => {
      // A job that ended a second ago: inside the running shift, not in the future of the server clock.
      const endedAt = Date.now() - 1_000;
      const record = {
        kind: 'job',
        id,
        serial: system,
        startedAt: new Date(endedAt - 60_000).toISOString(),
        endedAt: new Date(endedAt).toISOString(),
        impressions,
      };
      const sent = performance.now();
      const response = await fetch('/api/ingest/telemetry', {
        method: 'POST',
        headers: { authorization: `Bearer ${ingestToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ records: [record] }),
      });
      const acknowledged = performance.now();
      const body = (await response.json()) as { accepted?: number };
      return { sent, acknowledged, status: response.status, accepted: body.accepted ?? 0 };
    },
    { ingestToken: token, system: serial, impressions: JOB_IMPRESSIONS, id: `bench-tv-latency-${Date.now()}-${index}` },
  );
  if (post.status !== 200 || post.accepted !== 1)
    throw new Error(`ingest answered ${post.status}, ${post.accepted} accepted`);
  await page.waitForFunction(
    ({ sent, value }) =>
      (window as unknown as { tvBench: PageTimes }).tvBench.paints.some(
        (paint) => paint.at > sent && paint.value >= value,
      ),
    { sent: post.sent, value: expected },
    { timeout: EVENT_TIMEOUT_MS },
  );
  const times = await page.evaluate(() => (window as unknown as { tvBench: PageTimes }).tvBench);
  const paint = times.paints.find((entry) => entry.at > post.sent && entry.value >= expected);
  const answer = times.answers.find((entry) => entry.received > post.sent && entry.shiftImp >= expected);
  if (paint === undefined || answer === undefined) throw new Error('the painted value came without its answer');
  // The push that made the page refetch: the last ingest event before the refetch started (after the post was sent).
  const push = times.pushes.filter((at) => at > post.sent && at <= answer.started).at(-1);
  if (push === undefined) throw new Error('the new value came without a push (a poll?)');
  return {
    total: paint.at - post.acknowledged,
    ack: post.acknowledged - post.sent,
    push: push - post.acknowledged,
    refetch: answer.received - push,
    paint: paint.at - answer.received,
  };
}

const stat = (values: readonly number[]) =>
  `${formatMs(percentile(values, 50))} | ${formatMs(percentile(values, 95))} | ${formatMs(Math.max(...values))}`;

export async function benchTvLatency(events = 50): Promise<string[]> {
  if (!Number.isInteger(events) || events < 1) throw new Error('--events must be a positive integer');
  const { serial, site, shift } = printerOnShift(new Date(), 15);
  const { token, setting } = benchIngestToken();
  const loadAtStart = loadavg()[0] ?? 0;
  const samples = await withSignedInPortal(
    { width: 1920, height: 1080 },
    async (page) => {
      await page.addInitScript(instrument);
      await page.goto(`/reports/tv-dashboard?selectedSystemGroup=Apollo&systems=${serial}&kiosk`);
      await page
        .locator('.tv-dashboard__live')
        .filter({ hasText: `${serial} · Live` })
        .waitFor();
      await page
        .getByTestId('shift-impressions')
        .filter({ hasText: /^\d[\d,]*$/ })
        .waitFor();
      await oneEvent(page, token, serial, 0); // warm-up: the first answer's JIT and caches
      const measured: Sample[] = [];
      for (let index = 1; index <= events; index += 1) {
        measured.push(await oneEvent(page, token, serial, index));
        // Apart, as a printer's jobs are: 1–2 s after the last one is on screen.
        await page.waitForTimeout(1_000 + Math.random() * 1_000);
      }
      return measured;
    },
    { email: SUNRISE_ADMIN, env: { PORTAL_SIMULATOR_LIVE: '1', PORTAL_INGEST_TOKENS: setting } },
  );
  const column = (name: keyof Sample) => samples.map((sample) => sample[name]);
  return [
    `Live Dashboard, ${serial} (${site}, ${shift} shift running), Sunrise admin, kiosk, 1920×1080, headless Chromium; ` +
      `live telemetry on (every 5 s); ${samples.length} jobs posted one at a time; 1-minute load average ` +
      `${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end`,
    '',
    '| stage (ms, page clock) | p50 | p95 | max |',
    '|---|---|---|---|',
    `| **POST acknowledged → new value painted** | ${stat(column('total'))} |`,
    `| — acknowledged → live stream's ingest event (server push; < 0: the push came first) | ${stat(column('push'))} |`,
    `| — push → xmrImpressions answer received (refetch) | ${stat(column('refetch'))} |`,
    `| — answer → value painted (render, paint) | ${stat(column('paint'))} |`,
    `| POST sent → acknowledged (ingest itself, not in the total) | ${stat(column('ack'))} |`,
  ];
}
