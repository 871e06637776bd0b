import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { panelStateStories } from '../../src/runtime/panel-sdk-stories.tsx';
import { AVAILABILITY_TIMELINE_ANSWER, AVAILABILITY_TIMELINE_OPTIONS } from './fixtures.ts';
import { selectAvailabilityTimeline, type AvailabilityTimelineData } from './model.ts';
import { AvailabilityTimelinePanel } from './AvailabilityTimelinePanel.tsx';

const states = panelStateStories(AvailabilityTimelinePanel, {
  args: {
    options: AVAILABILITY_TIMELINE_OPTIONS,
    data: selectAvailabilityTimeline(AVAILABILITY_TIMELINE_ANSWER) as AvailabilityTimelineData,
    title: 'Availability',
    systemGroup: 'DTG',
    width: 600,
    height: 260,
  },
});

const meta = { title: 'Panels/Availability timeline', ...states.meta } satisfies Meta<typeof AvailabilityTimelinePanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const Error: Story = states.Error;

export const NothingSelected: Story = states.NothingSelected;

export const Data: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('91.30%')).toBeVisible();
    await expect(canvas.getByText('8 AM: 50.00%')).toBeInTheDocument();
    await expect(canvas.getByText('2 AM: --')).toBeInTheDocument();
  },
};
