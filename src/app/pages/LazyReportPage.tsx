import { createElement, lazy, useState, type JSX } from 'react';
import type { ReportPage as ReportPageComponent, ReportPageProps } from '../../runtime/ReportPage.tsx';
import { loadOnce } from '../../shared/load-once.ts';

/**
 * The layout runtime (`ReportPage`: react-grid-layout, the panels' frames) loads with a report, not with the shell. A
 * report's frame starts loading it as it opens (`preloadReportPage`), while it waits for its filter data, so it has
 * usually arrived when the report draws: then it renders at once instead of through a lazy boundary (each costs a turn,
 * and React holds a revealed fallback a while).
 */
const reportPage = loadOnce<void, typeof ReportPageComponent>(() =>
  import('../../runtime/ReportPage.tsx').then((module) => module.ReportPage),
);

export function preloadReportPage(): void {
  void reportPage.load().catch(() => undefined);
}

const ReportPageChunk = lazy(() => reportPage.load().then((component) => ({ default: component })));

/** `ReportPage`, at once when its code has arrived (decided at mount, so it never swaps), else through its chunk. */
export function LazyReportPage(props: ReportPageProps): JSX.Element {
  const [loaded] = useState(() => reportPage.loaded());
  return loaded === undefined ? <ReportPageChunk {...props} /> : createElement(loaded, props);
}
