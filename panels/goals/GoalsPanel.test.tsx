import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPanel } from '../../src/runtime/panel-sdk-testing.tsx';
import { changeLanguage, DEFAULT_LANGUAGE, i18n } from '../../src/i18n/i18n.ts';
import { LengthUnitsProvider } from '../../src/runtime/panel-sdk.ts';
import { inLengthUnits, type LengthUnits } from '../../src/shared/units/length-units.ts';
import { ACHIEVEMENTS, DTF_ACHIEVEMENTS, GOALS_OPTIONS, NO_GOALS } from './fixtures.ts';
import { GoalsPanel } from './GoalsPanel.tsx';
import {
  formatGoalPercentage,
  goalsInUnits,
  progressColour,
  selectGoals,
  type GoalsAnswer,
  type GoalsData,
} from './model.ts';
import type { GoalsOptions } from './options.ts';

function goalsOf(answer: GoalsAnswer, options: GoalsOptions = GOALS_OPTIONS): GoalsData {
  return selectGoals(answer, options);
}

function renderGoals(response: GoalsAnswer, options: GoalsOptions = GOALS_OPTIONS, lengthUnits: LengthUnits = 'Meter') {
  renderPanel(
    GoalsPanel,
    { options, data: goalsOf(response, options), title: 'Goals and achievements' },
    { wrapper: ({ children }) => <LengthUnitsProvider lengthUnits={lengthUnits}>{children}</LengthUnitsProvider> },
  );
}

/** The card of one goal ('Weekly goal', 'Yearly goal'), to query within. */
function goal(name: string) {
  return within(screen.getByRole('group', { name }));
}

function segmentColours(meter: HTMLElement): string[] {
  return [...meter.querySelectorAll('span')].map((segment) => segment.style.background);
}

describe('GoalsPanel', () => {
  it('shows the weekly goal, completed and percentage with a bar of 7 segments', () => {
    renderGoals(ACHIEVEMENTS);
    const week = goal('Weekly goal');
    expect(week.getByText('50k imp')).toBeDefined();
    expect(week.getByText('42.9k imp')).toBeDefined();
    expect(week.getByText('86%').style.color).toBe('rgb(19, 122, 41)');
    const bar = week.getByRole('meter', { name: 'Weekly goal progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('6');
    expect(bar.getAttribute('aria-valuemax')).toBe('7');
    const colours = segmentColours(bar);
    expect(colours).toHaveLength(7);
    expect(colours.filter((colour) => colour === 'rgb(27, 185, 52)')).toHaveLength(6);
  });

  it('shows the yearly goal with a bar of 12 segments in the colour of its threshold', () => {
    renderGoals(ACHIEVEMENTS);
    const year = goal('Yearly goal');
    expect(year.getByText('2.5M imp')).toBeDefined();
    expect(year.getByText('40%').style.color).toBe('rgb(200, 16, 46)');
    const bar = year.getByRole('meter', { name: 'Yearly goal progress' });
    expect(segmentColours(bar)).toHaveLength(12);
    expect(bar.getAttribute('aria-valuenow')).toBe('4');
  });

  it('shows the week record', () => {
    renderGoals(ACHIEVEMENTS);
    expect(screen.getByText('Record').textContent).toBe('Record 61.2k imp');
  });

  it("reads 'Not set' and '--' for goals never set, in the group's units", () => {
    renderGoals(NO_GOALS);
    const week = goal('Weekly goal');
    expect(week.getByText('Not set')).toBeDefined();
    expect(week.getByText('1.2k m')).toBeDefined();
    const percentage = week.getByText('--');
    expect(percentage.style.color).toBe('');
  });

  it('shows only the goals the options name, and no record when asked', () => {
    renderGoals(ACHIEVEMENTS, { goals: ['yearly'], showRecord: false });
    expect(screen.queryByRole('group', { name: 'Weekly goal' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Yearly goal' })).toBeDefined();
    expect(screen.queryByText('Record')).toBeNull();
  });
});

describe("GoalsPanel in the user's length unit", () => {
  it('shows DTF goals, completed and record in yards for a Yard user; percentages and segments stay', () => {
    renderGoals(DTF_ACHIEVEMENTS, GOALS_OPTIONS, 'Yard');
    const week = goal('Weekly goal');
    expect(week.getByText('10.9k yd')).toBeDefined();
    expect(week.getByText('8.7k yd')).toBeDefined();
    expect(week.getByText('80%')).toBeDefined();
    expect(week.getByRole('meter').getAttribute('aria-valuenow')).toBe('5');
    const year = goal('Yearly goal');
    expect(year.getByText('546.8k yd')).toBeDefined();
    expect(year.getByText('109.4k yd')).toBeDefined();
    expect(screen.getByText('Record').textContent).toBe('Record 13.1k yd');
  });

  it('shows the same goals in metres for a Meter user', () => {
    renderGoals(DTF_ACHIEVEMENTS, GOALS_OPTIONS, 'Meter');
    const week = goal('Weekly goal');
    expect(week.getByText('10k m')).toBeDefined();
    expect(screen.getByText('Record').textContent).toBe('Record 12k m');
  });

  it("keeps 'Not set' for a goal never set, and impressions as they are", () => {
    const toYards = goalsInUnits(goalsOf(NO_GOALS), (quantity) => inLengthUnits(quantity, 'Yard'));
    expect(toYards.units).toBe('yd');
    expect(toYards.goals.map((goal) => goal.goal)).toEqual([null, null]);
    const impressions = goalsOf(ACHIEVEMENTS);
    expect(goalsInUnits(impressions, (quantity) => inLengthUnits(quantity, 'Yard'))).toEqual(impressions);
  });
});

describe('goals model', () => {
  it('keeps the filled segments within the bar', () => {
    const data = selectGoals({ ...ACHIEVEMENTS, weeklySegments: 9, yearlySegments: -1 }, GOALS_OPTIONS);
    expect(data.goals.map((goal) => goal.filledSegments)).toEqual([7, 0]);
  });

  it('colours completion by the thresholds and shows it × 100', () => {
    expect(progressColour(0.5)).toBe('#FF404F');
    expect(progressColour(0.75)).toBe('#FFAB2B');
    expect(progressColour(1.2)).toBe('#1BB934');
    expect(formatGoalPercentage({ goal: 100, percentage: 1.234 })).toBe('123%');
    expect(formatGoalPercentage({ goal: null, percentage: 0 })).toBe('--');
  });
});

describe('GoalsPanel forecast (docs/kpi-glossary.md "Goal forecast")', () => {
  it.each([
    { card: 'Weekly goal', forecast: '85.7k imp', verdict: 'on track' },
    { card: 'Yearly goal', forecast: '2.1M imp', verdict: 'short of goal' },
  ])('shows the projected end of the period in progress and whether it meets the goal: $card', (expected) => {
    renderGoals(ACHIEVEMENTS);
    expect(goal(expected.card).getByText(expected.forecast)).toBeDefined();
    expect(goal(expected.card).getByText(expected.verdict)).toBeDefined();
  });

  it('has no verdict without a goal and no forecast for a period that is not in progress', () => {
    renderGoals(NO_GOALS);
    const week = goal('Weekly goal');
    expect(week.getByText(/Forecast/)).toBeDefined();
    expect(week.queryByText(/on track|short of goal/)).toBeNull();
    expect(goal('Yearly goal').queryByText(/Forecast/)).toBeNull();
  });

  it("converts the projection into the user's length unit", () => {
    const answer = { ...DTF_ACHIEVEMENTS, weeklyForecast: { projected: 9_144, willMeet: false } };
    renderGoals(answer, GOALS_OPTIONS, 'Yard');
    expect(goal('Weekly goal').getByText('10k yd')).toBeDefined();
  });
});

describe('GoalsPanel in another language (issue #27: a second language is a file, not a code change)', () => {
  afterEach(async () => {
    await changeLanguage(DEFAULT_LANGUAGE);
  });

  it("shows the chosen language's texts, and en-US where that language has none", async () => {
    // A de-DE area file as src/i18n/locales/de-DE/panels.json would hold it, for two of the goals' texts.
    i18n.addResourceBundle(
      'de-DE',
      'translation',
      { panels: { goals: { title: { weekly: 'Wochenziel' }, notSet: 'Nicht gesetzt' } } },
      true,
      true,
    );
    await changeLanguage('de-DE');
    renderGoals(NO_GOALS);
    const week = goal('Wochenziel');
    expect(week.getByText('Nicht gesetzt')).toBeDefined();
    expect(screen.getByRole('meter', { name: 'Wochenziel progress' })).toBeDefined();
    expect(screen.getByRole('group', { name: 'Yearly goal' })).toBeDefined();
  });
});
