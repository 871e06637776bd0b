import type { Meta, StoryObj } from '@storybook/react-vite';
import { PanelFrame, type PanelState } from '../../src/runtime/panel-sdk.ts';
import { FALLING_PRODUCTION, FIRST_PERIOD, RISING_PRODUCTION, TOTAL_PRODUCTION_OPTIONS } from './fixtures.ts';
import { KpiCardPanel } from './KpiCardPanel.tsx';
import { kpiCardLabel } from './model.ts';

type KpiCardStoryArgs = Parameters<typeof KpiCardPanel>[0];

/** The card inside the runtime's frame, as a report shows it in each phase (fixtures only, no network). */
function framed(state: PanelState) {
  function FramedKpiCard(args: KpiCardStoryArgs) {
    const title = kpiCardLabel(args.options, args.systemGroup) ?? args.title;
    return (
      <div style={{ width: args.width, height: args.height }}>
        <PanelFrame title={title} state={state} showTitleWhenReady={false}>
          <KpiCardPanel {...args} />
        </PanelFrame>
      </div>
    );
  }
  return FramedKpiCard;
}

const meta = {
  title: 'Panels/KPI card',
  component: KpiCardPanel,
  args: {
    options: TOTAL_PRODUCTION_OPTIONS,
    data: RISING_PRODUCTION,
    title: 'Total production',
    systemGroup: 'DTG',
    width: 320,
    height: 144,
  },
  render: framed('ready'),
} satisfies Meta<typeof KpiCardPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = { render: framed('loading') };

export const Empty: Story = { render: framed('empty') };

export const Error: Story = { render: framed('error') };

/** DTG: 'Total Impressions', rising against last week. */
export const Data: Story = {};

export const DataDTF: Story = {
  name: 'Data (DTF: Total Production, falling)',
  args: { systemGroup: 'DTF', data: FALLING_PRODUCTION },
};

export const DataApollo: Story = { name: 'Data (Apollo: Total Impressions)', args: { systemGroup: 'Apollo' } };

export const DataWithoutComparison: Story = { name: 'Data (first period, no change)', args: { data: FIRST_PERIOD } };
