import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fixtureGoals } from './goals.fixtures.ts';
import { GoalsView } from './GoalsView.tsx';
import './GoalsPage.css';

/** The Goals page's cards (spec shell §2) without the API; fixture: Wednesday 25 March 2026, DTG and DTF. */
const meta = {
  title: 'Pages/Goals',
  component: GoalsView,
  args: {
    goals: fixtureGoals(),
    lengthUnits: 'Meter',
    onSave: fn(async () => true),
    saving: null,
  },
} satisfies Meta<typeof GoalsView>;

export default meta;

type Story = StoryObj<typeof meta>;

/** A goal setter: every card has the set-new-goal form. */
export const GoalsSetter: Story = {
  play: async ({ canvasElement, args }) => {
    const card = within(within(canvasElement).getByRole('article', { name: 'DTG weekly goal' }));
    await userEvent.type(card.getByLabelText('Set new goal'), '15000');
    await userEvent.click(card.getByRole('button', { name: 'Set' }));
    await expect(args.onSave).toHaveBeenCalledWith({
      goalValue: 15000,
      goalPeriod: 0,
      systemGroup: 'DTG',
      units: 'imp',
    });
  },
};

/** DTF in yards: the 914.4 m goal reads 1,000 yd. */
export const InYards: Story = {
  args: { lengthUnits: 'Yard' },
  play: async ({ canvasElement }) => {
    const card = within(within(canvasElement).getByRole('article', { name: 'DTF weekly goal' }));
    await expect(card.getByText('1,000 yd')).toBeVisible();
  },
};

/** A value the form refuses: the message of spec shell §5 and a disabled Set button. */
export const InvalidEntry: Story = {
  play: async ({ canvasElement }) => {
    const card = within(within(canvasElement).getByRole('article', { name: 'DTG yearly goal' }));
    await userEvent.type(card.getByLabelText('Set new goal'), '10000001');
    await expect(card.getByRole('alert')).toHaveTextContent('Must be lower than 10M');
    await expect(card.getByRole('button', { name: 'Set' })).toBeDisabled();
  },
};

/** Saving the DTG weekly goal: its button spins. */
export const Saving: Story = { args: { saving: 'DTG-weekly' } };

/** A user who may not set goals: the cards without the form. */
export const ReadOnly: Story = {
  args: { goals: fixtureGoals({ canSetGoals: false }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByLabelText('Set new goal')).toBeNull();
  },
};

/** No systems in the user's scope. */
export const NoGroups: Story = { args: { goals: fixtureGoals({ groups: [] }) } };
