import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GoalsResponse } from '../../../shared/api-types.ts';
import { jsonResponse, userSettings } from '../../testing/fake-api.ts';
import { ADMIN, READ_ONLY } from '../../testing/fake-identity.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { fixtureGoals } from './goals.fixtures.ts';

const yards = userSettings({ lengthUnits: 'Yard' });

function renderGoals(goals: GoalsResponse = fixtureGoals(), save?: (init: RequestInit) => Response) {
  return renderApp({
    path: '/goals',
    user: ADMIN,
    api: {
      '/api/users/user-settings': yards,
      '/api/data/goals': (_url: URL, init: RequestInit) =>
        init.method === 'POST' && save !== undefined ? save(init) : jsonResponse(goals),
    },
  });
}

const card = async (name: string) => screen.findByRole('article', { name });

describe('Goals page (spec shell §2)', () => {
  it("shows a weekly and a yearly card per group in the user's unit: goal, author and date, production, days, forecast", async () => {
    renderGoals();
    const dtfWeek = await card('DTF weekly goal');
    // 914.4 m stored is the user's 1,000 yd.
    expect(within(dtfWeek).getByText('1,000 yd')).toBeTruthy();
    expect(within(dtfWeek).getByText('Last update by Gina Goals on March 23, 2026')).toBeTruthy();
    expect(within(dtfWeek).getByText('Current production')).toBeTruthy();
    expect(within(dtfWeek).getByText('400 yd')).toBeTruthy();
    expect(within(dtfWeek).getByText('1,120 yd')).toBeTruthy();
    expect(within(dtfWeek).getByText(/On track to meet the goal/)).toBeTruthy();
    expect(within(dtfWeek).getByRole('list', { name: 'Days of the week passed: 2 of 7' })).toBeTruthy();
    expect(within(dtfWeek).getByText('Monday: passed')).toBeTruthy();
    expect(within(dtfWeek).getByText('Wednesday: in progress')).toBeTruthy();
    expect(within(dtfWeek).getByText('Sunday: to come')).toBeTruthy();

    const dtgYear = await card('DTG yearly goal');
    expect(within(dtgYear).getByText('600,000 imp')).toBeTruthy();
    expect(within(dtgYear).getByText('Current impressions')).toBeTruthy();
    expect(within(dtgYear).getByText(/Short of the goal/)).toBeTruthy();
    const months = within(dtgYear).getByRole('list', { name: 'Months of the year passed: 2 of 12' });
    expect(within(months).getAllByRole('listitem')).toHaveLength(2);
    expect(within(months).getByText('March: in progress')).toBeTruthy();

    const dtfYear = await card('DTF yearly goal');
    expect(within(dtfYear).getByText('Not set')).toBeTruthy();
    expect(within(dtfYear).getByText('No goal has been set yet')).toBeTruthy();
  });

  it("sends a new goal in the user's unit with the browser's clock, then shows 'Goal saved' and the new goal", async () => {
    const saved = fixtureGoals();
    const dtfWeekly = saved.groups[1]?.goals[0];
    if (dtfWeekly) dtfWeekly.goalValue = 1828.8;
    const bodies: unknown[] = [];
    renderGoals(fixtureGoals(), (init) => {
      bodies.push(JSON.parse(String(init.body)));
      return jsonResponse(saved);
    });
    const dtfWeek = await card('DTF weekly goal');
    fireEvent.change(within(dtfWeek).getByLabelText('Set new goal'), { target: { value: '2000' } });
    fireEvent.click(within(dtfWeek).getByRole('button', { name: 'Set' }));
    expect(await screen.findByText('Goal saved')).toBeTruthy();
    expect(bodies).toEqual([
      {
        goalValue: 2000,
        goalPeriod: 0,
        systemGroup: 'DTF',
        units: 'yd',
        time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        timezoneOffset: expect.any(Number),
      },
    ]);
    await waitFor(() => expect(within(dtfWeek).getByText('2,000 yd')).toBeTruthy());
    expect((within(dtfWeek).getByLabelText('Set new goal') as HTMLInputElement).value).toBe('');
  });

  it('refuses what is not a positive whole number up to 10,000,000 (spec shell §5) with the Set button disabled', async () => {
    renderGoals();
    const dtgWeek = await card('DTG weekly goal');
    const input = within(dtgWeek).getByLabelText('Set new goal');
    const set = within(dtgWeek).getByRole('button', { name: 'Set' }) as HTMLButtonElement;
    expect(set.disabled).toBe(true);
    for (const [value, message] of [
      ['0', 'Must be a positive integer value'],
      ['-3', 'Must be a positive integer value'],
      ['12.5', 'Must be a positive integer value'],
      ['10000001', 'Must be lower than 10M'],
    ] as const) {
      fireEvent.change(input, { target: { value } });
      expect(within(dtgWeek).getByRole('alert').textContent).toBe(message);
      expect(set.disabled).toBe(true);
    }
    fireEvent.change(input, { target: { value: '10000000' } });
    expect(within(dtgWeek).queryByRole('alert')).toBeNull();
    expect(set.disabled).toBe(false);
  });

  it('shows the cards without the form to a user who may not set goals', async () => {
    renderGoals(fixtureGoals({ canSetGoals: false }));
    const dtgWeek = await card('DTG weekly goal');
    expect(within(dtgWeek).getByText('12,000 imp')).toBeTruthy();
    expect(within(dtgWeek).queryByLabelText('Set new goal')).toBeNull();
  });

  it('is not open to a read-only user (spec shell §2: Goals is for GoalsSetter)', async () => {
    const view = renderApp({ path: '/goals', user: READ_ONLY });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Goals' })).toBeNull());
    expect(view.fetchMock.mock.calls.some(([url]) => String(url).includes('/api/data/goals'))).toBe(false);
  });
});
