import { createElement, useState, type JSX } from 'react';
import type { ReportPage as ReportPageComponent, ReportPageProps } from '../../runtime/ReportPage.tsx';
import { lazyWithRetry } from '../../runtime/lazy-with-retry.ts';
import { loadOnce } from '../../shared/load-once.ts';
import { retryImport } from '../../shared/retry-import.ts';

/**
 * The layout runtime (`ReportPage`: react-grid-layout, the panels' frames) loads with a report, not with the shell. A
 * report's frame starts loading it as it opens (`preloadReportPage`), while it waits for its filter data, so it has
 * usually arrived when the report draws: then it renders at once instead of through a lazy boundary (each costs a turn,
 * and React holds a revealed fallback a while).
 */
const reportPage = loadOnce<void, typeof ReportPageComponent>(() =>
  retryImport(() => import('../../runtime/ReportPage.tsx').then((module) => module.ReportPage)),
);

export function preloadReportPage(): void {
  void reportPage.load().catch(() => undefined);
}

// reportPage.load() already retries: the lazy only needs to ask it again after a failure.
const ReportPageChunk = lazyWithRetry(() => reportPage.load().then((component) => ({ default: component })), {
  retries: 0,
});

/** `ReportPage`, at once when its code has arrived (decided at mount, so it never swaps), else through its chunk. */
export function LazyReportPage(props: ReportPageProps): JSX.Element {
  const [loaded] = useState(() => reportPage.loaded());
  return loaded === undefined ? <ReportPageChunk {...props} /> : createElement(loaded, props);
}
