import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PanelFrame, type EmptyState, type PanelState } from '../../src/runtime/panel-sdk.ts';
import {
  AVAILABILITY_OPTIONS,
  FALLING_PRODUCTION,
  FIRST_PERIOD,
  DTF_CARDS_RESPONSE,
  DTG_CARDS_RESPONSE,
  PRODUCTION_RATE_OPTIONS,
  RISING_PRODUCTION,
  TOTAL_PRODUCTION_OPTIONS,
  availabilityResponse,
  cardOf,
  OEE_OPTIONS,
  oeeResponse,
} from './fixtures.ts';
import { KpiCardPanel } from './KpiCardPanel.tsx';
import { kpiCardLabel } from './model.ts';

type KpiCardStoryArgs = Parameters<typeof KpiCardPanel>[0];

/** The card inside the runtime's frame, as a report shows it in each phase (fixtures only, no network). */
function framed(state: PanelState, emptyState?: EmptyState) {
  function FramedKpiCard(args: KpiCardStoryArgs) {
    const title = kpiCardLabel(args.options, args.systemGroup) ?? args.title;
    return (
      <div style={{ width: args.width, height: args.height }}>
        <PanelFrame
          title={title}
          state={state}
          placeholder="card"
          showTitleWhenReady={false}
          {...(emptyState === undefined ? {} : { emptyState })}
        >
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

export const Loading: Story = {
  render: framed('loading'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status', { name: 'Loading Total Impressions' })).toBeVisible();
    await expect(canvas.queryByLabelText('value')).toBeNull();
  },
};

/** No data for the period: the default message and empty-state icon of spec reports §2, under the card's label. */
export const Empty: Story = {
  render: framed('empty'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Total Impressions' })).toBeVisible();
    await expect(canvas.getByText('No data for this period')).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Empty' })).toBeVisible();
  },
};

export const EmptyNothingSelectedApollo: Story = {
  name: "Empty (Apollo, nothing selected: 'Nothing Was Selected', list icon)",
  args: { systemGroup: 'Apollo' },
  render: framed('empty', { message: 'Nothing Was Selected', icon: 'list' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Nothing Was Selected')).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'List' })).toBeVisible();
  },
};

export const Error: Story = {
  render: framed('error'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Error loading report data');
  },
};

/** DTG: 'Total Impressions', rising against last week. */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Total Impressions' });
    await expect(within(card).getByLabelText('value')).toHaveTextContent('1.2M');
    await expect(within(card).getByRole('img', { name: 'up' })).toBeVisible();
  },
};

export const DataDTF: Story = {
  name: 'Data (DTF: Total Production, falling)',
  args: { systemGroup: 'DTF', data: FALLING_PRODUCTION },
};

/** The same DTF production for a user whose length unit is Yard: 48,250 m shown as 52.8k yd. */
export const DataDTFInYards: Story = {
  name: 'Data (DTF in yards)',
  args: { systemGroup: 'DTF', data: FALLING_PRODUCTION },
  parameters: { lengthUnits: 'Yard' },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Total Production' });
    await expect(within(card).getByLabelText('value')).toHaveTextContent('52.8k');
    await expect(within(card).getByText('yd')).toBeVisible();
  },
};

export const DataApollo: Story = { name: 'Data (Apollo: Total Impressions)', args: { systemGroup: 'Apollo' } };

export const DataWithoutComparison: Story = { name: 'Data (first period, no change)', args: { data: FIRST_PERIOD } };

/** DTF production rate: Avg. Utilization and Preparation; the day of the last update reads 'Current'. */
export const ProductionRateDTF: Story = {
  name: 'Production rate (DTF: utilization, preparation)',
  args: {
    systemGroup: 'DTF',
    options: PRODUCTION_RATE_OPTIONS,
    data: cardOf(DTF_CARDS_RESPONSE, PRODUCTION_RATE_OPTIONS),
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Current prod. rate' });
    await expect(within(card).getByText('Avg. Utilization')).toBeVisible();
    await expect(within(card).getByText('Preparation')).toBeVisible();
  },
};

export const ProductionRateDTG: Story = {
  name: 'Production rate (DTG: handling time, dark impressions)',
  args: {
    systemGroup: 'DTG',
    options: PRODUCTION_RATE_OPTIONS,
    data: cardOf(DTG_CARDS_RESPONSE, PRODUCTION_RATE_OPTIONS),
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Average prod. rate' });
    await expect(within(card).getByText('Avg. Handling Time')).toBeVisible();
    await expect(within(card).getByText('Dark Impressions')).toBeVisible();
  },
};

export const AvailabilityGreen: Story = {
  name: 'Availability (87.5 %, green)',
  args: { options: AVAILABILITY_OPTIONS, data: cardOf(availabilityResponse(0.875), AVAILABILITY_OPTIONS) },
  play: async ({ canvasElement }) => {
    const value = within(canvasElement).getByLabelText('value');
    await expect(value).toHaveTextContent('87.50');
    await expect(value).toHaveStyle({ color: 'rgb(19, 122, 41)' });
  },
};

export const AvailabilityYellow: Story = {
  name: 'Availability (62 %, yellow)',
  args: { options: AVAILABILITY_OPTIONS, data: cardOf(availabilityResponse(0.62), AVAILABILITY_OPTIONS) },
};

export const AvailabilityNotReported: Story = {
  name: "Availability (not reported: '--')",
  args: { options: AVAILABILITY_OPTIONS, data: cardOf(availabilityResponse(-1), AVAILABILITY_OPTIONS) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('value')).toHaveTextContent('--');
  },
};

export const Oee: Story = {
  name: 'OEE (42.75 %, shift availability and performance)',
  args: { options: OEE_OPTIONS, data: cardOf(oeeResponse(0.4275), OEE_OPTIONS) },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'OEE' });
    await expect(within(card).getByLabelText('value')).toHaveTextContent('42.75');
    await expect(within(card).getByText('Shift Availability')).toBeVisible();
    await expect(within(card).getByText('Performance')).toBeVisible();
  },
};

export const OeeWithoutPlannedTime: Story = {
  name: "OEE (no shift planned: '--', its lines kept)",
  args: { options: OEE_OPTIONS, data: cardOf(oeeResponse(null), OEE_OPTIONS) },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'OEE' });
    await expect(within(card).getByLabelText('value')).toHaveTextContent('--');
    // The lines stay, each '--' without a trend arrow.
    for (const description of ['Shift Availability', 'Performance']) {
      await expect(within(card).getByText(description)).toBeVisible();
      await expect(within(card).getByText(description).closest('.kpi-card__detail')).toHaveTextContent(/--$/);
    }
    await expect(within(card).queryAllByRole('img')).toHaveLength(0);
  },
};
