import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { panelStateStories } from '../../src/runtime/panel-sdk-stories.tsx';
import { ACHIEVEMENTS, DTF_ACHIEVEMENTS, GOALS_OPTIONS, NO_GOALS } from './fixtures.ts';
import { GoalsPanel } from './GoalsPanel.tsx';
import { selectGoals, type GoalsAnswer, type GoalsData } from './model.ts';

function dataOf(answer: GoalsAnswer): GoalsData {
  return selectGoals(answer, GOALS_OPTIONS);
}

const states = panelStateStories(GoalsPanel, {
  placeholder: 'card',
  drawsOwnTitle: true,
  args: {
    options: GOALS_OPTIONS,
    data: dataOf(ACHIEVEMENTS),
    title: 'Goals and achievements',
    systemGroup: 'DTG',
    width: 420,
    height: 248,
  },
});

const meta = { title: 'Panels/Goals', ...states.meta } satisfies Meta<typeof GoalsPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const Error: Story = states.Error;

export const NothingSelected: Story = states.NothingSelected;

/** The week at 86 % (6 of 7 segments, green), the year at 40 % (4 of 12, red). */
export const Data: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('meter', { name: 'Weekly goal progress' })).toHaveAttribute('aria-valuenow', '6');
    await expect(canvas.getByRole('meter', { name: 'Yearly goal progress' })).toHaveAttribute('aria-valuemax', '12');
  },
};

export const NoGoalsSet: Story = {
  name: 'Data (DTF, no goals set)',
  args: { systemGroup: 'DTF', data: dataOf(NO_GOALS) },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText('Not set')).toHaveLength(2);
  },
};

/** DTF goals stored in metres, for a user whose length unit is Yard: goal, completed and record in yards. */
export const DTFInYards: Story = {
  name: 'Data (DTF in yards)',
  args: { systemGroup: 'DTF', data: dataOf(DTF_ACHIEVEMENTS) },
  parameters: { lengthUnits: 'Yard' },
  play: async ({ canvas }) => {
    const week = canvas.getByRole('group', { name: 'Weekly goal' });
    await expect(within(week).getByText('10.9k yd')).toBeVisible();
    await expect(canvas.getByText('Record')).toHaveTextContent('Record 13.1k yd');
  },
};
