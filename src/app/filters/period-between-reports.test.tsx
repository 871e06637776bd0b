import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN } from '../testing/fake-identity.ts';
import { currentLocation, renderApp } from '../testing/render-app.tsx';
import { forgetAppliedPeriods } from './period-memory-store.ts';

// The fake date-filters data runs to 2024-03-05 (a Tuesday).
const OVERVIEW = '/reports/overview?selectedSystemGroup=DTG';

const filterBar = () => screen.findByRole('toolbar', { name: 'Report filters' }, { timeout: 10_000 });

async function pressedTimeframe(): Promise<string | null> {
  const bar = await filterBar();
  return (
    within(bar).queryByRole('button', { pressed: true, name: /^(Day|Week|Month|Quarter|Year|Custom)$/ })?.textContent ??
    null
  );
}

async function choose(timeframe: string): Promise<void> {
  fireEvent.click(within(await filterBar()).getByRole('button', { name: timeframe, exact: true } as never));
  await waitFor(() =>
    expect(new URLSearchParams(currentLocation()?.split('?')[1]).get('timeframe')).toBe(timeframe.toLowerCase()),
  );
}

async function open(report: 'Overview' | 'Jobs Analysis'): Promise<void> {
  fireEvent.click(
    within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: report }),
  );
  await screen.findByRole('heading', { name: report, level: 1 }, { timeout: 10_000 });
}

const query = () => new URLSearchParams(currentLocation()?.split('?')[1]);

describe('the period between reports (isTimeFrameWasChangedFromJobAnalysisPage)', () => {
  afterEach(forgetAppliedPeriods);

  it('keeps a month chosen on Jobs for Jobs: Overview opens on its own week, Jobs on the month again', async () => {
    renderApp({ path: OVERVIEW, user: ADMIN });
    await screen.findByRole('heading', { name: 'Overview', level: 1 }, { timeout: 10_000 });
    expect(await pressedTimeframe()).toBe('Day');
    await choose('Week');

    await open('Jobs Analysis');
    await waitFor(async () => expect(await pressedTimeframe()).toBe('Week'));
    await choose('Month');
    const month = query().get('day');

    await open('Overview');
    await waitFor(async () => expect(await pressedTimeframe()).toBe('Week'));
    expect(query().get('timeframe')).toBe('week');
    expect(query().get('day')).toBe('2024-03-04');

    await open('Jobs Analysis');
    await waitFor(async () => expect(await pressedTimeframe()).toBe('Month'));
    expect(query().get('day')).toBe(month);
  });

  it('opens Overview on its default day after a year chosen on Jobs, which Overview does not allow', async () => {
    renderApp({ path: '/reports/jobs?selectedSystemGroup=DTG', user: ADMIN });
    await screen.findByRole('heading', { name: 'Jobs Analysis', level: 1 }, { timeout: 10_000 });
    await choose('Year');

    await open('Overview');
    await waitFor(async () => expect(await pressedTimeframe()).toBe('Day'));
    expect(query().get('timeframe')).toBeNull();

    await open('Jobs Analysis');
    await waitFor(async () => expect(await pressedTimeframe()).toBe('Year'));
  });
});
