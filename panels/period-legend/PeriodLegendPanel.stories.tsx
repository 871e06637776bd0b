import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { panelStateStories } from '../../src/runtime/panel-sdk-stories.tsx';
import {
  DAY_ANSWER,
  DAY_IN_PROGRESS_ANSWER,
  LONG_CUSTOM_ANSWER,
  PERIOD_LEGEND_OPTIONS,
  SHORT_CUSTOM_ANSWER,
  WEEK_ANSWER,
} from './fixtures.ts';
import { selectPeriodLegend, type PeriodLegendAnswer, type PeriodLegendData } from './model.ts';
import { PeriodLegendPanel } from './PeriodLegendPanel.tsx';

function dataOf(answer: PeriodLegendAnswer): PeriodLegendData {
  return selectPeriodLegend(answer);
}

const states = panelStateStories(PeriodLegendPanel, {
  placeholder: 'card',
  drawsOwnTitle: true,
  args: {
    options: PERIOD_LEGEND_OPTIONS,
    data: dataOf(DAY_ANSWER),
    title: 'Production Overview',
    systemGroup: 'DTG',
    width: 358,
    height: 144,
  },
});

const meta = { title: 'Panels/Period legend', ...states.meta } satisfies Meta<typeof PeriodLegendPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const Error: Story = states.Error;

export const NothingSelected: Story = states.NothingSelected;

/** A day: its header, and the selected day against the previous same day. */
export const Data: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Production Overview' })).toBeVisible();
    await expect(canvas.getByText('Day · Sat, Nov 21, 2026')).toBeVisible();
    const legend = canvas.getByRole('list', { name: 'Legend' });
    await expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Selected day', 'Previous same day']);
  },
};

export const Week: Story = {
  args: { data: dataOf(WEEK_ANSWER) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Week · Nov 16 – Nov 22, 2026')).toBeVisible();
    await expect(canvas.getByText('Previous week')).toBeVisible();
  },
};

/** The legend fits its card's height: nothing scrolls. */
async function expectLegendFitsCard(canvasElement: HTMLElement): Promise<void> {
  const card = canvasElement.querySelector('.period-legend');
  await expect(card?.scrollHeight).toBeLessThanOrEqual(card?.clientHeight ?? 0);
}

/** Today at 11:29: both days are compared up to 11:29, and the legend still fits the card's height. */
export const DayInProgress: Story = {
  args: { data: dataOf(DAY_IN_PROGRESS_ANSWER) },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText(', to 11:29', { exact: false })).toBeVisible();
    await expectLegendFitsCard(canvasElement);
  },
};

/** A custom period of 10 days is compared with last year; the legend still fits the card's height. */
export const LongCustomPeriod: Story = {
  args: { data: dataOf(LONG_CUSTOM_ANSWER) },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('(From last year)', { exact: false })).toBeVisible();
    await expectLegendFitsCard(canvasElement);
  },
};

export const ShortCustomPeriod: Story = {
  args: { data: dataOf(SHORT_CUSTOM_ANSWER) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('(From last week)', { exact: false })).toBeVisible();
  },
};

export const WithoutPeriod: Story = {
  args: { options: { showPeriod: false } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText(/^Day ·/)).toBeNull();
  },
};
