import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PanelFrame, type PanelState } from '../../src/runtime/panel-sdk.ts';
import {
  SYSTEM_CARDS_ANSWER,
  SYSTEM_CARDS_IDENTITY,
  SYSTEM_CARDS_KPIS,
  SYSTEM_CARDS_NOT_REPORTED,
} from './fixtures.ts';
import { selectSystemCards } from './model.ts';
import { SystemCardsPanel } from './SystemCardsPanel.tsx';

type SystemCardsStoryArgs = Parameters<typeof SystemCardsPanel>[0];

/** The panel inside the runtime's frame, as a report shows it in each phase (fixtures only, no network). */
function framed(state: PanelState) {
  function FramedSystemCards(args: SystemCardsStoryArgs) {
    return (
      <div style={{ width: args.width, height: args.height }}>
        <PanelFrame title={args.title} state={state} placeholder="card">
          <SystemCardsPanel {...args} />
        </PanelFrame>
      </div>
    );
  }
  return FramedSystemCards;
}

const meta = {
  title: 'Panels/System cards',
  component: SystemCardsPanel,
  args: {
    options: SYSTEM_CARDS_KPIS,
    data: selectSystemCards(SYSTEM_CARDS_ANSWER),
    title: 'Key figures',
    systemGroup: 'DTG',
    width: 1000,
    height: 160,
  },
  render: framed('ready'),
} satisfies Meta<typeof SystemCardsPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  render: framed('loading'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading Key figures' })).toBeVisible();
  },
};

export const Empty: Story = {
  render: framed('empty'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No data for this period')).toBeVisible();
  },
};

export const Error: Story = {
  render: framed('error'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Error loading report data');
  },
};

/** The KPIs against last week and the fleet. */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    const panel = within(within(canvasElement).getByRole('region', { name: 'Key figures' }));
    await expect(panel.getByText('91.30%')).toBeVisible();
    await expect(panel.getByText('87.40%')).toBeVisible();
  },
};

/** Nothing reported: availability '--', no productivity tile (DTF). */
export const NotReported: Story = {
  args: { data: selectSystemCards(SYSTEM_CARDS_NOT_REPORTED), systemGroup: 'DTF' },
  play: async ({ canvasElement }) => {
    const panel = within(within(canvasElement).getByRole('region', { name: 'Key figures' }));
    await expect(panel.queryByText('Productivity')).toBeNull();
    await expect(panel.getAllByText('--').length).toBeGreaterThanOrEqual(2);
  },
};

/** The printer's identity with its picture. */
export const Identity: Story = {
  args: { options: SYSTEM_CARDS_IDENTITY, title: 'Printer', width: 420, height: 260 },
  play: async ({ canvasElement }) => {
    const panel = within(within(canvasElement).getByRole('region', { name: 'Printer' }));
    await expect(panel.getByRole('img', { name: 'Storm Hybrid printer' })).toBeVisible();
    await expect(panel.getByText('5.4.2')).toBeVisible();
  },
};
