import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PanelFrame, type PanelState } from '../../src/runtime/panel-sdk.ts';
import { ACHIEVEMENTS, DTF_ACHIEVEMENTS, GOALS_OPTIONS, NO_GOALS } from './fixtures.ts';
import { GoalsPanel } from './GoalsPanel.tsx';
import { selectGoals, type GoalsAnswer, type GoalsData } from './model.ts';

type GoalsStoryArgs = Parameters<typeof GoalsPanel>[0];

function dataOf(answer: GoalsAnswer): GoalsData {
  return selectGoals(answer, GOALS_OPTIONS);
}

/** The panel inside the runtime's frame, as a report shows it in each phase (fixtures only, no network). */
function framed(state: PanelState) {
  function FramedGoals(args: GoalsStoryArgs) {
    return (
      <div style={{ width: args.width, height: args.height }}>
        <PanelFrame title={args.title} state={state} showTitleWhenReady={false} placeholder="card">
          <GoalsPanel {...args} />
        </PanelFrame>
      </div>
    );
  }
  return FramedGoals;
}

const meta = {
  title: 'Panels/Goals',
  component: GoalsPanel,
  args: {
    options: GOALS_OPTIONS,
    data: dataOf(ACHIEVEMENTS),
    title: 'Goals and achievements',
    systemGroup: 'DTG',
    width: 420,
    height: 248,
  },
  render: framed('ready'),
} satisfies Meta<typeof GoalsPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = { render: framed('loading') };

export const Empty: Story = { render: framed('empty') };

export const Error: Story = { render: framed('error') };

/** The week at 86 % (6 of 7 segments, green), the year at 40 % (4 of 12, red). */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('meter', { name: 'Weekly goal progress' })).toHaveAttribute('aria-valuenow', '6');
    await expect(canvas.getByRole('meter', { name: 'Yearly goal progress' })).toHaveAttribute('aria-valuemax', '12');
  },
};

export const NoGoalsSet: Story = {
  name: 'Data (DTF, no goals set)',
  args: { systemGroup: 'DTF', data: dataOf(NO_GOALS) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText('Not set')).toHaveLength(2);
  },
};

/** DTF goals stored in metres, for a user whose length unit is Yard: goal, completed and record in yards. */
export const DTFInYards: Story = {
  name: 'Data (DTF in yards)',
  args: { systemGroup: 'DTF', data: dataOf(DTF_ACHIEVEMENTS) },
  parameters: { lengthUnits: 'Yard' },
  play: async ({ canvasElement }) => {
    const week = within(canvasElement).getByRole('group', { name: 'Weekly goal' });
    await expect(within(week).getByText('10.9k yd')).toBeVisible();
    await expect(within(canvasElement).getByText('Record')).toHaveTextContent('Record 13.1k yd');
  },
};
