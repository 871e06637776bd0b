import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { panelStateStories } from '../../src/runtime/panel-sdk-stories.tsx';
import {
  SYSTEM_CARDS_ANSWER,
  SYSTEM_CARDS_IDENTITY,
  SYSTEM_CARDS_KPIS,
  SYSTEM_CARDS_NOT_REPORTED,
} from './fixtures.ts';
import { selectSystemCards } from './model.ts';
import { SystemCardsPanel } from './SystemCardsPanel.tsx';

const states = panelStateStories(SystemCardsPanel, {
  placeholder: 'card',
  args: {
    options: SYSTEM_CARDS_KPIS,
    data: selectSystemCards(SYSTEM_CARDS_ANSWER),
    title: 'Key figures',
    systemGroup: 'DTG',
    width: 1000,
    height: 160,
  },
});

const meta = { title: 'Panels/System cards', ...states.meta } satisfies Meta<typeof SystemCardsPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const Error: Story = states.Error;

export const NothingSelected: Story = states.NothingSelected;

/** The KPIs against last week and the fleet. */
export const Data: Story = {
  play: async ({ canvas }) => {
    const panel = within(canvas.getByRole('region', { name: 'Key figures' }));
    await expect(panel.getByText('91.30%')).toBeVisible();
    await expect(panel.getByText('87.40%')).toBeVisible();
  },
};

/** Nothing reported: availability '--', no productivity tile (DTF). */
export const NotReported: Story = {
  args: { data: selectSystemCards(SYSTEM_CARDS_NOT_REPORTED), systemGroup: 'DTF' },
  play: async ({ canvas }) => {
    const panel = within(canvas.getByRole('region', { name: 'Key figures' }));
    await expect(panel.queryByText('Productivity')).toBeNull();
    await expect(panel.getAllByText('--').length).toBeGreaterThanOrEqual(2);
  },
};

/** The printer's identity with its picture. */
export const Identity: Story = {
  args: { options: SYSTEM_CARDS_IDENTITY, title: 'Printer', width: 420, height: 260 },
  play: async ({ canvas }) => {
    const panel = within(canvas.getByRole('region', { name: 'Printer' }));
    await expect(panel.getByRole('img', { name: 'Storm Hybrid printer' })).toBeVisible();
    await expect(panel.getByText('5.4.2')).toBeVisible();
  },
};
