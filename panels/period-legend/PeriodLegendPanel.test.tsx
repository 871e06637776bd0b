import { screen, within } from '@testing-library/react';
import { renderPanel } from '../../src/runtime/panel-sdk-testing.tsx';
import { describe, expect, it } from 'vitest';
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
    expect(selectPeriodLegend(LONG_CUSTOM_ANSWER)).toMatchObject({ compared: 'period', basis: 'From last year' });
    expect(selectPeriodLegend(SHORT_CUSTOM_ANSWER)).toMatchObject({ compared: 'period', basis: 'From last week' });
    expect(selectPeriodLegend(DAY_ANSWER)).toEqual({ compared: 'day', period: DAY_ANSWER.period });
  });
});

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
