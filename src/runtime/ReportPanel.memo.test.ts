import { describe, expect, it } from 'vitest';
import type { LayoutQuery } from '../shared/layout/layout-types.ts';
import { layoutFixture } from './report-layouts.fixtures.ts';
import { DAY_FILTERS } from './report-filters.fixtures.ts';
import { ReportPanel, showsTheSame, type ReportPanelProps } from './ReportPanel.tsx';

const overview = layoutFixture('overview');

function propsOf(queryId: string, filters = DAY_FILTERS): ReportPanelProps {
  const query: LayoutQuery | undefined = overview.queries[queryId];
  const panel = Object.values(overview.panels).find((candidate) => candidate.query === queryId);
  if (query === undefined || panel === undefined) throw new Error(`no panel of query ${queryId} in the overview`);
  return { panel, query, filters, width: 400, height: 144 };
}

const PREVIOUS_DAY = { ...DAY_FILTERS, day: '2026-11-19', period: { name: 'day', value: '2026-11-19' } } as const;
const WEEK = { ...DAY_FILTERS, timeframe: 'week', period: { name: 'week', value: '2026-11-16' } } as const;

describe('showsTheSame (a report panel renders again only when it would show something else)', () => {
  it('is what the report panel is memoised by', () => {
    expect(ReportPanel).toMatchObject({ compare: showsTheSame });
  });

  it('skips a panel whose query does not depend on the changed period', () => {
    // The group's systems list depends on the group only (layouts/overview.json).
    const systems = propsOf('groupSystems');
    expect(showsTheSame(systems, { ...systems, filters: PREVIOUS_DAY })).toBe(true);
    expect(showsTheSame(systems, { ...systems, filters: WEEK })).toBe(true);
  });

  it('renders a panel whose query depends on the changed filter again', () => {
    const cards = propsOf('overviewCards');
    expect(showsTheSame(cards, { ...cards, filters: PREVIOUS_DAY })).toBe(false);
    expect(showsTheSame(cards, { ...cards, filters: WEEK })).toBe(false);
    expect(showsTheSame(cards, { ...cards, filters: { ...DAY_FILTERS } })).toBe(true);
  });

  it('renders any panel again for a new group or selection, which titles and props show', () => {
    const systems = propsOf('groupSystems');
    expect(showsTheSame(systems, { ...systems, filters: { ...DAY_FILTERS, systemGroup: 'DTF' } })).toBe(false);
    expect(showsTheSame(systems, { ...systems, filters: { ...DAY_FILTERS, systems: ['DTG-0001'] } })).toBe(false);
  });

  it('renders a panel again for a new size, state or layout entry', () => {
    const cards = propsOf('overviewCards');
    expect(showsTheSame(cards, { ...cards, width: 401 })).toBe(false);
    expect(showsTheSame(cards, { ...cards, nothingSelected: true })).toBe(false);
    expect(showsTheSame(cards, { ...cards, autoRefresh: false })).toBe(false);
    expect(showsTheSame(cards, { ...cards, panel: { ...cards.panel } })).toBe(false);
  });
});
