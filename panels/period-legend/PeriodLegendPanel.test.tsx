import { act, cleanup, screen, within } from '@testing-library/react';
import { renderPanel } from '../../src/runtime/panel-sdk-testing.tsx';
import { describe, expect, it } from 'vitest';
import { changeLanguage, DEFAULT_LANGUAGE, i18n } from '../../src/i18n/i18n.ts';
import type { ReportPeriod } from '../../src/shared/api-types.ts';
import { t } from '../../src/runtime/panel-sdk-text.ts';
import {
  DAY_ANSWER,
  DAY_IN_PROGRESS_ANSWER,
  LONG_CUSTOM_ANSWER,
  SHORT_CUSTOM_ANSWER,
  WEEK_ANSWER,
  WEEK_IN_PROGRESS_ANSWER,
} from './fixtures.ts';
import { periodHeading, selectPeriodLegend, type PeriodLegendAnswer } from './model.ts';
import type { PeriodLegendOptions } from './options.ts';
import { PeriodLegendPanel } from './PeriodLegendPanel.tsx';

function renderLegend(answer: PeriodLegendAnswer, options: PeriodLegendOptions = {}) {
  const data = selectPeriodLegend(answer);
  renderPanel(PeriodLegendPanel, { options, data, title: 'Production Overview' });
  return within(screen.getByRole('list', { name: 'Legend' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('period-legend model', () => {
  it('names the timeframe and the period of the answer', () => {
    expect(periodHeading(DAY_ANSWER.period, t)).toBe('Day · Sat, Nov 21, 2026');
    expect(periodHeading(WEEK_ANSWER.period, t)).toBe('Week · Nov 16 – Nov 22, 2026');
    expect(periodHeading(LONG_CUSTOM_ANSWER.period, t)).toBe('Custom · Nov 1, 2026 05:00 AM – Nov 10, 2026 11:00 PM');
    expect(
      periodHeading({ timeframe: 'week', startDay: '2026-12-28', endDay: '2027-01-03', startHour: 0, endHour: 23 }, t),
    ).toBe('Week · Dec 28, 2026 – Jan 3, 2027');
  });

  it('compares a custom period of 8 days or more with last year, shorter ones with last week', () => {
    expect(selectPeriodLegend(LONG_CUSTOM_ANSWER)).toMatchObject({ compared: 'period', basis: 'lastYear' });
    expect(selectPeriodLegend(SHORT_CUSTOM_ANSWER)).toMatchObject({ compared: 'period', basis: 'lastWeek' });
    expect(selectPeriodLegend(DAY_ANSWER)).toEqual({ compared: 'day', period: DAY_ANSWER.period });
  });
});

/** The German of the server's test folder (src/server/i18n/testing/locales/de-DE): cards and legend read the same file. */
const germanComparison = Object.values(
  import.meta.glob<object>('/src/server/i18n/testing/locales/de-DE/comparison.json', {
    eager: true,
    import: 'default',
  }),
)[0];

describe('PeriodLegendPanel', () => {
  it('shows the title, the timeframe header and the legend of a day in the charts’ colours', () => {
    expect(renderLegend(DAY_ANSWER)).toEqual(['Selected day', 'Previous same day']);
    expect(screen.getByRole('heading', { name: 'Production Overview' })).toBeDefined();
    expect(screen.getByText('Day · Sat, Nov 21, 2026')).toBeDefined();
    const swatches = [...document.querySelectorAll<HTMLElement>('.comparison-legend__swatch')];
    expect(swatches.map((swatch) => swatch.style.background)).toEqual(['rgb(94, 126, 191)', 'rgb(197, 208, 222)']);
  });

  it('labels a week (spec reports §2 legend labels)', () => {
    expect(renderLegend(WEEK_ANSWER)).toEqual(['Selected week', 'Previous week']);
  });

  it.each([
    [LONG_CUSTOM_ANSWER, 'Previous period (From last year)'],
    [SHORT_CUSTOM_ANSWER, 'Previous period (From last week)'],
  ])('compares a custom period as the spec says', (answer, previous) => {
    expect(renderLegend(answer)).toEqual(['Selected period', previous]);
  });

  const period = (timeframe: ReportPeriod['timeframe'], startDay: string, endDay: string): PeriodLegendAnswer => ({
    period: { timeframe, startDay, endDay, startHour: 0, endHour: 23 },
    comparedUntil: null,
  });

  it.each([
    ['month', period('month', '2026-10-01', '2026-10-31'), 'From previous month'],
    ['quarter', period('quarter', '2026-07-01', '2026-09-30'), 'From previous quarter'],
    ['year', period('year', '2025-01-01', '2025-12-31'), 'From previous year'],
    ['custom of 8 days', period('custom', '2026-11-01', '2026-11-08'), 'From last year'],
    ['custom of 7 days', period('custom', '2026-11-01', '2026-11-07'), 'From last week'],
  ])(
    "names a %s's previous period in the words of its cards (comparison.previousPeriod, spec reports §2, §3)",
    (_name, answer, words) => {
      expect(renderLegend(answer)).toEqual(['Selected period', `Previous period (${words})`]);
    },
  );

  it("words the previous period in the user's language, as the cards do", async () => {
    i18n.addResourceBundle('de-DE', 'translation', germanComparison, true, true);
    await act(() => changeLanguage('de-DE'));
    try {
      const [, previous] = renderLegend(period('month', '2026-10-01', '2026-10-31'));
      expect(previous).toContain('(Zum Vormonat)');
      cleanup();
      const [, until] = renderLegend(WEEK_IN_PROGRESS_ANSWER);
      expect(until).toContain(', bis Sa 11:29');
    } finally {
      await act(() => changeLanguage(DEFAULT_LANGUAGE));
    }
  });

  it('says how far a day or a week in progress is compared (glossary "Change and trend": to the same local time)', () => {
    expect(renderLegend(DAY_IN_PROGRESS_ANSWER)).toEqual(['Selected day, so far', 'Previous same day, to 11:29']);
  });

  it('names the weekday of the time a week in progress is compared to', () => {
    expect(renderLegend(WEEK_IN_PROGRESS_ANSWER)).toEqual(['Selected week, so far', 'Previous week, to Sat 11:29']);
  });

  it('leaves the header out when the options say so', () => {
    renderLegend(DAY_ANSWER, { showPeriod: false });
    expect(screen.queryByText('Day · Sat, Nov 21, 2026')).toBeNull();
  });
});
