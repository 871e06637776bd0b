import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserSettings } from '../../../shared/api-types.ts';
import { jsonResponse, userSettings } from '../../testing/fake-api.ts';
import { ADMIN } from '../../testing/fake-identity.ts';
import { renderApp } from '../../testing/render-app.tsx';

/** Renders /settings over a settings endpoint that stores what is posted (or answers `failWith`). */
function renderSettings(initial: UserSettings = userSettings(), failWith?: number) {
  let stored = initial;
  const posted: unknown[] = [];
  const view = renderApp({
    path: '/settings',
    user: ADMIN,
    api: {
      '/api/users/user-settings': (_url: URL, init: RequestInit) => {
        if (init.method !== 'POST') return jsonResponse(stored);
        const update = JSON.parse(String(init.body)) as Partial<UserSettings>;
        posted.push(update);
        if (failWith !== undefined) return jsonResponse({ statusCode: failWith, error: 'x', message: 'x' }, failWith);
        stored = { ...stored, ...update };
        return jsonResponse(stored);
      },
    },
  });
  return { ...view, posted };
}

/** A window of `width` × `height` px: each of a query's comma-separated alternatives answers as a browser's would. */
function windowOf(width: number, height: number) {
  const holds = (bound: string, dimension: string, px: number) => {
    const size = dimension === 'width' ? width : height;
    return bound === 'max' ? size <= px : size >= px;
  };
  const matches = (query: string) =>
    query
      .split(',')
      .some((part) =>
        [...part.matchAll(/\((min|max)-(width|height): (\d+)px\)/g)].every(([, bound = '', dimension = '', px]) =>
          holds(bound, dimension, Number(px)),
        ),
      );
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const toggle = (name: string) => screen.getByRole('group', { name });
const pressed = (group: HTMLElement) =>
  within(group)
    .getAllByRole('button')
    .filter((button) => button.getAttribute('aria-pressed') === 'true')
    .map((button) => button.textContent);

describe('Settings page (spec shell §2)', () => {
  it("shows the default view per group, the DTF units and the one disabled language with the user's values", async () => {
    renderSettings(userSettings({ defaultSystemGroup: 'DTF', lengthUnits: 'Yard', rtrMetricUnit: 'Square' }));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    await screen.findByRole('group', { name: 'Default view' });
    expect(
      within(toggle('Default view'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['DTG', 'DTF', 'Apollo']);
    expect(pressed(toggle('Default view'))).toEqual(['DTF']);
    expect(pressed(toggle('Length'))).toEqual(['Yard']);
    expect(pressed(toggle('RTR metrics'))).toEqual(['Square']);
    const english = screen.getByRole('radio', { name: 'English (USA)' }) as HTMLInputElement;
    expect(english.checked).toBe(true);
    expect(english.disabled).toBe(true);
    expect(screen.getAllByRole('radio')).toHaveLength(1);
  });

  it('hides the default view under two groups and the DTF units without DTF', async () => {
    renderSettings(userSettings({ userSystemGroup: ['DTG'], defaultSystemGroup: 'DTG' }));
    await screen.findByRole('radio', { name: 'English (USA)' });
    expect(screen.queryByRole('group', { name: 'Default view' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Length' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'RTR metrics' })).toBeNull();
  });

  it('shows a change at once and saves quick changes together, merged, after the debounce (spec shell §4)', async () => {
    const view = renderSettings();
    await screen.findByRole('group', { name: 'Length' });
    fireEvent.click(within(toggle('Length')).getByRole('button', { name: 'Yard' }));
    fireEvent.click(within(toggle('RTR metrics')).getByRole('button', { name: 'Square' }));
    fireEvent.click(within(toggle('Default view')).getByRole('button', { name: 'Apollo' }));
    expect(pressed(toggle('Length'))).toEqual(['Yard']);
    expect(pressed(toggle('Default view'))).toEqual(['Apollo']);
    await waitFor(() => expect(view.posted).toHaveLength(1));
    expect(view.posted).toEqual([{ lengthUnits: 'Yard', rtrMetricUnit: 'Square', defaultSystemGroup: 'Apollo' }]);
    // The cached settings every report reads follow.
    expect(view.queryClient.getQueryData(['users', 'user-settings'])).toMatchObject({
      lengthUnits: 'Yard',
      defaultSystemGroup: 'Apollo',
    });
  });

  it('sends nothing when the chosen button is pressed again (a deselect is ignored)', async () => {
    const view = renderSettings();
    await screen.findByRole('group', { name: 'Length' });
    fireEvent.click(within(toggle('Length')).getByRole('button', { name: 'Meter' }));
    fireEvent.click(within(toggle('Length')).getByRole('button', { name: 'Yard' }));
    await waitFor(() => expect(view.posted).toHaveLength(1));
    expect(view.posted).toEqual([{ lengthUnits: 'Yard' }]);
  });

  it('is compact under 1366 px wide or 766 px high (spec shell §2, §9), else in columns', async () => {
    const layouts: Record<string, boolean> = {};
    const sizes = [
      [1366, 766],
      [1920, 1080],
      [1365, 1080],
      [1920, 765],
      [390, 844],
    ] as const;
    try {
      for (const [width, height] of sizes) {
        windowOf(width, height);
        const view = renderSettings();
        await screen.findByRole('group', { name: 'Length' });
        const columns = view.container.querySelector('.settings__columns');
        layouts[`${width}x${height}`] = columns?.classList.contains('settings__columns--compact') ?? false;
        view.unmount();
      }
    } finally {
      vi.unstubAllGlobals();
    }
    expect(layouts).toEqual({
      '1366x766': false,
      '1920x1080': false,
      '1365x1080': true,
      '1920x765': true,
      '390x844': true,
    });
  });

  it('reports a failed save with the error toast of spec shell §8', async () => {
    renderSettings(userSettings(), 403);
    await screen.findByRole('group', { name: 'Length' });
    fireEvent.click(within(toggle('Length')).getByRole('button', { name: 'Yard' }));
    expect(await screen.findByText(/User is forbidden to access this functionality/)).toBeTruthy();
  });
});
