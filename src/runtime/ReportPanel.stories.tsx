import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { LayoutPanel, LayoutQuery } from '../shared/layout/layout-types.ts';
import type { ReportFilters } from '../shared/report-filters.ts';
import { ReportPanel } from './ReportPanel.tsx';
import { panelQueryKey } from './use-panel-query.ts';
import { DAY_FILTERS } from './report-filters.fixtures.ts';

/**
 * A kpi-card of layouts/overview.json bound to its query; answers are seeded into the query cache (no network), so
 * they skip the runtime's schema check: seed what the kind reads.
 */
const query: LayoutQuery = {
  endpoint: '/api/overview-report/overview-cards',
  method: 'POST',
  answer: 'OverviewCards',
  params: { day: { filter: 'day' }, systemGroup: { filter: 'systemGroup' } },
  body: { systems: { filter: 'systems' } },
  dependsOn: ['systemGroup', 'day', 'systems'],
};

const panel: LayoutPanel = {
  kind: 'kpi-card',
  title: 'Total Production',
  query: 'overviewCards',
  frame: 'totalProduction',
  options: { labels: { DTG: 'Total Impressions', DTF: 'Total Production' } },
};

const dtg = DAY_FILTERS;
const apollo: ReportFilters = { ...dtg, systemGroup: 'Apollo' };

const meta = {
  title: 'Runtime/Report panel',
  component: ReportPanel,
  args: { panel, query, filters: dtg, width: 320, height: 144 },
  decorators: [
    (Story) => (
      <div style={{ width: 320, height: 144 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ReportPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Data: Story = {
  parameters: {
    queryData: [
      [
        panelQueryKey(query, dtg),
        {
          totalProduction: {
            label: 'Total Impressions',
            value: 12_345,
            previous: 10_973,
            units: 'imp',
            stats: 0.125,
            trend: 'positive',
            statsDescription: 'From last week',
            upper: null,
            lower: null,
          },
        },
      ],
    ],
  },
  play: async ({ canvasElement }) => {
    const card = await within(canvasElement).findByRole('group', { name: 'Total Impressions' });
    await expect(within(card).getByLabelText('value')).toHaveTextContent('12.3k');
  },
};

/** The layout's rules say what an empty panel shows: here the report's no-data message with the event icon for DTG. */
export const NoDataFromReportRules: Story = {
  name: "No data (report rule: message and DTG's icon)",
  args: {
    emptyStates: { noData: { message: 'There is no available data', icon: 'no-icon', groupIcons: { DTG: 'event' } } },
  },
  // An answer without the panel's card: its KPI frame has no value, so the panel shows the empty state.
  parameters: { queryData: [[panelQueryKey(query, dtg), { totalProduction: null }]] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('There is no available data')).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Event' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Total Impressions' })).toBeVisible();
  },
};

export const NothingSelectedApollo: Story = {
  name: "Nothing selected (Apollo: 'Nothing Was Selected', list icon)",
  args: { filters: apollo, nothingSelected: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Nothing Was Selected')).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'List' })).toBeVisible();
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

/** A query the cache does not hold fails at once in Storybook (the API client is signed out): the error state. */
export const RequestFailed: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Error loading report data');
  },
};
