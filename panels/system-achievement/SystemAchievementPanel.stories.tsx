import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { panelStateStories } from '../../src/runtime/panel-sdk-stories.tsx';
import { SYSTEM_ACHIEVEMENT_ANSWER, SYSTEM_ACHIEVEMENT_OPTIONS } from './fixtures.ts';
import { selectSystemAchievement, type SystemAchievementData } from './model.ts';
import { SystemAchievementPanel } from './SystemAchievementPanel.tsx';

const states = panelStateStories(SystemAchievementPanel, {
  args: {
    options: SYSTEM_ACHIEVEMENT_OPTIONS,
    data: selectSystemAchievement(SYSTEM_ACHIEVEMENT_ANSWER) as SystemAchievementData,
    title: 'Achievement',
    systemGroup: 'DTG',
    width: 600,
    height: 260,
  },
});

const meta = { title: 'Panels/System achievement', ...states.meta } satisfies Meta<typeof SystemAchievementPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const Error: Story = states.Error;

export const NothingSelected: Story = states.NothingSelected;

export const Data: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('87.39%')).toBeVisible();
    await expect(canvas.getByText('1.2k of 1.4k imp target')).toBeVisible();
    await expect(canvas.getByText('9 AM: 112 of 89 imp')).toBeInTheDocument();
  },
};

/** No shift targets: '--'. */
export const WithoutTargets: Story = {
  args: {
    data: selectSystemAchievement({
      ...SYSTEM_ACHIEVEMENT_ANSWER,
      target: 0,
      achievement: null,
      records: SYSTEM_ACHIEVEMENT_ANSWER.records.map((record) => ({ ...record, target: 0, achievement: null })),
    }) as SystemAchievementData,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('--')).toBeVisible();
    await expect(canvas.getByText('1.2k imp, no shift targets')).toBeVisible();
  },
};
