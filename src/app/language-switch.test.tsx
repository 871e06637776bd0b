import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { changeLanguage, DEFAULT_LANGUAGE, i18n } from '../i18n/i18n.ts';
import { failureNotification } from '../api/error-catalogue.ts';
import { TimeframeButtons } from './filters/TimeframeButtons.tsx';
import { monthNames, weekdayNames } from './pages/calendar-names.ts';
import { repeatText } from './pages/SchedulerPage/scheduler.model.ts';
import { avatarMenuEntries } from './shell/avatar-menu-entries.ts';
import { navEntries } from './shell/nav-entries.ts';

/**
 * Issue #27 item 1: a second language is a file, not a code change. Components and the modules that build texts
 * (menus, the error catalogue, the scheduler's texts, weekday names) answer in the language chosen at the time they
 * run, not the one of when they were imported.
 */

const GERMAN = 'de-DE';

/** A few German texts, as a `locales/de-DE/*.json` file would hold them. */
const GERMAN_TEXTS = {
  nav: { overview: 'Übersicht' },
  avatarMenu: { logout: 'Abmelden' },
  filters: { timeframe: 'Zeitraum', timeframes: { day: 'Tag', week: 'Woche' } },
  errors: { network: 'Keine Verbindung zum Server', apiPrefix: 'API: {{message}}' },
  scheduler: { repeatNames: { weekly: 'Wöchentlich' }, repeatOn: '{{repeat}} am {{days}}' },
};

afterEach(async () => {
  await changeLanguage(DEFAULT_LANGUAGE);
});

async function chooseGerman(): Promise<void> {
  i18n.addResourceBundle(GERMAN, 'translation', GERMAN_TEXTS, true, true);
  await changeLanguage(GERMAN);
}

describe('switching the language', () => {
  it('renders a component’s texts in the chosen language', async () => {
    await chooseGerman();
    render(<TimeframeButtons timeframes={['day', 'week', 'month']} selected="day" onSelect={() => undefined} />);
    expect(screen.getByRole('group', { name: 'Zeitraum' })).toBeTruthy();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Tag', 'Woche', 'Month']);
  });

  it('builds menu entries, error toasts and the scheduler’s repeat text in the chosen language', async () => {
    await chooseGerman();
    const nav = navEntries({ tenantId: 't', selectedGroup: 'DTG', liveDashboardTenants: [] });
    expect(nav[0]?.label).toBe('Übersicht');
    const menu = avatarMenuEntries({ roles: [], userGroups: ['DTG'], selectedGroup: 'DTG' });
    expect(menu.find((entry) => entry.kind === 'logout')).toMatchObject({ label: 'Abmelden' });
    expect(failureNotification({ kind: 'network' })).toBe('API: Keine Verbindung zum Server');
    expect(repeatText({ repeat: { frequency: 2, dayOfWeek: [1] } })).toBe('Wöchentlich am Dienstag');
  });

  it('names weekdays and months from the language’s calendar, Monday and January first', async () => {
    expect(weekdayNames('long')).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(weekdayNames('narrow')).toEqual(['M', 'T', 'W', 'T', 'F', 'S', 'S']);
    expect(monthNames('narrow')).toEqual(['J', 'F', 'M', 'A', 'M', 'J', 'J', 'A', 'S', 'O', 'N', 'D']);
    expect(monthNames('long')[11]).toBe('December');
    await chooseGerman();
    expect(weekdayNames('long')[0]).toBe('Montag');
    expect(monthNames('long')[2]).toBe('März');
  });
});
