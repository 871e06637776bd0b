import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { panelStateStories } from '../../src/runtime/panel-sdk-stories.tsx';
import {
  IMPRESSIONS_OPTIONS,
  SHIFT_OPTIONS,
  SHIFT_PERFORMANCE_ANSWER,
  SHIFT_PERFORMANCE_WEEK_ANSWER,
} from './fixtures.ts';
import { selectShiftPerformance, type ShiftPerformanceData } from './model.ts';
import type { ShiftPerformanceOptions } from './options.ts';
import { ShiftPerformancePanel } from './ShiftPerformancePanel.tsx';

const states = panelStateStories(ShiftPerformancePanel, {
  placeholder: 'card',
  args: {
    options: IMPRESSIONS_OPTIONS,
    data: selectShiftPerformance(SHIFT_PERFORMANCE_ANSWER),
    title: 'Shift performance',
    systemGroup: 'Apollo',
    width: 640,
    height: 240,
  },
});

const meta = { title: 'Panels/Shift performance', ...states.meta } satisfies Meta<typeof ShiftPerformancePanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const Error: Story = states.Error;

export const NothingSelected: Story = states.NothingSelected;

export const Data: Story = {
  play: async ({ canvas }) => {
    const panel = canvas.getByRole('region', { name: 'Shift performance' });
    await expect(within(panel).getByText('1,330')).toBeVisible();
    await expect(within(panel).getByText('133%')).toBeVisible();
  },
};

/** Week: the period and its shifts so far. */
export const WeekPeriod: Story = {
  args: { options: SHIFT_OPTIONS, data: selectShiftPerformance(SHIFT_PERFORMANCE_WEEK_ANSWER) },
  play: async ({ canvas }) => {
    const panel = canvas.getByRole('region', { name: 'Shift performance' });
    await expect(within(panel).getByText('Week of Mar 30')).toBeVisible();
    await expect(within(panel).getByText('Mon, Mar 30 – Sun, Apr 5 · 5 shifts so far')).toBeVisible();
  },
};

/** Week: the impressions of its shifts so far against the targets of all its shifts. */
export const WeekImpressions: Story = {
  args: { data: selectShiftPerformance(SHIFT_PERFORMANCE_WEEK_ANSWER) },
  play: async ({ canvas }) => {
    const panel = canvas.getByRole('region', { name: 'Shift performance' });
    await expect(within(panel).getByText('3,650')).toBeVisible();
    await expect(within(panel).getByLabelText('30% of the period target')).toBeVisible();
  },
};

/** Every line of the panel lies inside its card: none cut off at the bottom or the right edge. */
async function expectAllInside(canvasElement: HTMLElement): Promise<void> {
  const card = within(canvasElement).getByRole('region', { name: 'Shift performance' }).getBoundingClientRect();
  for (const line of canvasElement.querySelectorAll('.shift-performance-panel p')) {
    const box = line.getBoundingClientRect();
    await expect(box.bottom).toBeLessThanOrEqual(card.bottom);
    await expect(box.right).toBeLessThanOrEqual(card.right);
  }
}

/**
 * A phone's card (358 × 196 px, issue #25) of the fixture's shift with `changes`: `text` is shown and every line lies
 * inside the card.
 */
function onAPhone(options: ShiftPerformanceOptions, changes: Partial<ShiftPerformanceData>, text: string): Story {
  const data = { ...selectShiftPerformance(SHIFT_PERFORMANCE_ANSWER), ...changes };
  return {
    args: { options, data, width: 358, height: 196 },
    play: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByText(text)).toBeVisible();
      await expectAllInside(canvasElement);
    },
  };
}

/** A Late shift that has ended, at a site in Shanghai. */
const endedLateShift: Partial<ShiftPerformanceData> = {
  headline: { kind: 'shift', shiftType: 'Late' },
  times: { kind: 'ended', from: { clock: '14:00', day: 'Sat, Nov 28' }, to: { clock: '22:00', day: 'Sat, Nov 28' } },
  timeZone: 'Asia/Shanghai',
};
/** A phone's card: the type shrinks until the ended shift's times and the time zone fit. */
export const PhoneShift: Story = onAPhone(SHIFT_OPTIONS, endedLateShift, 'Site time (Asia/Shanghai)');

/** A phone's card: the impressions, their target (on a line of its own) and the percentage all fit. */
export const PhoneImpressions: Story = onAPhone(
  IMPRESSIONS_OPTIONS,
  { impressions: '2,830', target: '3,720', percentage: '76%' },
  '76%',
);
