import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { panelStateStories } from '../../src/runtime/panel-sdk-stories.tsx';
import type { KpiFrame } from '../../src/shared/contract/frames.ts';
import type { SystemGroup } from '../../src/shared/system-group.ts';
import {
  AVAILABILITY_OPTIONS,
  FALLING_PRODUCTION,
  FIRST_PERIOD,
  DTF_PRODUCTION_RATE,
  DTG_PRODUCTION_RATE,
  PRODUCTION_RATE_OPTIONS,
  RISING_PRODUCTION,
  TOTAL_PRODUCTION_OPTIONS,
  availabilityFrame,
  cardOf,
  OEE_OPTIONS,
  oeeFrame,
} from './fixtures.ts';
import { KpiCardPanel } from './KpiCardPanel.tsx';
import { kpiCardLabel } from './model.ts';

/** The card in the runtime's frame: its title is the card's label for the group (the definition's titleFor). */
const states = panelStateStories(KpiCardPanel, {
  placeholder: 'card',
  drawsOwnTitle: true,
  titleFor: kpiCardLabel,
  args: {
    options: TOTAL_PRODUCTION_OPTIONS,
    data: RISING_PRODUCTION,
    title: 'Total production',
    systemGroup: 'DTG',
    width: 320,
    height: 144,
  },
});

const meta = { title: 'Panels/KPI card', ...states.meta } satisfies Meta<typeof KpiCardPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

/** The SDK's loading story: the placeholder named by the card's label for DTG, and no value yet. */
export const Loading: Story = states.Loading.and(async (canvas) => {
  await expect(canvas.getByRole('status', { name: 'Loading Total Impressions' })).toBeVisible();
  await expect(canvas.queryByLabelText('value')).toBeNull();
});

/** No data for the period: the default message and empty-state icon of spec reports §2, under the card's label. */
export const Empty: Story = states.Empty.and(async (canvas) => {
  await expect(canvas.getByRole('heading', { name: 'Total Impressions' })).toBeVisible();
  await expect(canvas.getByRole('img', { name: 'Empty' })).toBeVisible();
});

export const NothingSelected: Story = states.NothingSelected;

export const EmptyNothingSelectedApollo: Story = {
  ...states.NothingSelected,
  name: "Empty (Apollo, nothing selected: 'Nothing Was Selected', list icon)",
  args: { systemGroup: 'Apollo' },
};

export const Error: Story = states.Error;

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

/** A group's production rate card: its label and the group's detail lines. */
function productionRate(systemGroup: SystemGroup, frame: KpiFrame, label: string, details: readonly string[]): Story {
  return {
    args: { systemGroup, options: PRODUCTION_RATE_OPTIONS, data: cardOf(frame, PRODUCTION_RATE_OPTIONS) },
    play: async ({ canvasElement }) => {
      const card = within(canvasElement).getByRole('group', { name: label });
      for (const detail of details) await expect(within(card).getByText(detail)).toBeVisible();
    },
  };
}

/** DTF production rate: Avg. Utilization and Preparation; the day of the last update reads 'Current'. */
export const ProductionRateDTF: Story = {
  name: 'Production rate (DTF: utilization, preparation)',
  ...productionRate('DTF', DTF_PRODUCTION_RATE, 'Current prod. rate', ['Avg. Utilization', 'Preparation']),
};

export const ProductionRateDTG: Story = {
  name: 'Production rate (DTG: handling time, dark impressions)',
  ...productionRate('DTG', DTG_PRODUCTION_RATE, 'Average prod. rate', ['Avg. Handling Time', 'Dark Impressions']),
};

export const AvailabilityGreen: Story = {
  name: 'Availability (87.5 %, green)',
  args: { options: AVAILABILITY_OPTIONS, data: cardOf(availabilityFrame(0.875), AVAILABILITY_OPTIONS) },
  play: async ({ canvasElement }) => {
    const value = within(canvasElement).getByLabelText('value');
    await expect(value).toHaveTextContent('87.50');
    await expect(value).toHaveStyle({ color: 'rgb(19, 122, 41)' });
  },
};

export const AvailabilityYellow: Story = {
  name: 'Availability (62 %, yellow)',
  args: { options: AVAILABILITY_OPTIONS, data: cardOf(availabilityFrame(0.62), AVAILABILITY_OPTIONS) },
};

export const AvailabilityNotReported: Story = {
  name: "Availability (not reported: '--')",
  args: { options: AVAILABILITY_OPTIONS, data: cardOf(availabilityFrame(-1), AVAILABILITY_OPTIONS) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('value')).toHaveTextContent('--');
  },
};

export const Oee: Story = {
  name: 'OEE (42.75 %, shift availability and performance)',
  args: { options: OEE_OPTIONS, data: cardOf(oeeFrame(0.4275), OEE_OPTIONS) },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'OEE' });
    await expect(within(card).getByLabelText('value')).toHaveTextContent('42.75');
    await expect(within(card).getByText('Shift Availability')).toBeVisible();
    await expect(within(card).getByText('Performance')).toBeVisible();
  },
};

export const OeeWithoutPlannedTime: Story = {
  name: "OEE (no shift planned: '--', its lines kept)",
  args: { options: OEE_OPTIONS, data: cardOf(oeeFrame(null), OEE_OPTIONS) },
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

/** The longest change descriptions, of a period in progress (docs/kpi-glossary.md "Change and trend"). */
const IN_PROGRESS_DESCRIPTIONS = [
  "From previous same day, both to each site's time",
  'From previous month, both to day 14, 11:29',
  'From previous week, both to Sat 11:29',
];

/**
 * A period in progress on the narrowest cards of the layouts that do not end the description in '…': the OEE card
 * (upper and lower values beside it) 340 px wide and a card without them 240 px wide (Jobs Analysis' compact row of
 * three at 750 px). The description wraps before 'both to …', its whole text is in the title, and it fits the
 * card's 144 px.
 */
export const PeriodInProgress: Story = {
  name: "Period in progress (long description: 'both to …' on its own line)",
  render: (args) => (
    <div style={{ display: 'grid', gap: 8 }}>
      {IN_PROGRESS_DESCRIPTIONS.flatMap((statsDescription) => [
        <div key={`oee ${statsDescription}`} style={{ width: 340, height: 144 }}>
          <KpiCardPanel
            {...args}
            options={OEE_OPTIONS}
            data={{ ...cardOf(oeeFrame(0.4275), OEE_OPTIONS), stats: 1.4, statsDescription }}
          />
        </div>,
        <div key={`total ${statsDescription}`} style={{ width: 240, height: 144 }}>
          <KpiCardPanel {...args} data={{ ...RISING_PRODUCTION, statsDescription }} />
        </div>,
      ])}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const cards = within(canvasElement).getAllByRole('group');
    await expect(cards).toHaveLength(2 * IN_PROGRESS_DESCRIPTIONS.length);
    for (const card of cards) {
      const description = card.querySelector<HTMLElement>('.kpi-card__description');
      if (description === null) throw new globalThis.Error('no change description');
      await expect(description).toBeVisible();
      await expect(IN_PROGRESS_DESCRIPTIONS).toContain(description.title);
      await expect(description.innerText).toBe(description.title);
      // Nothing clipped: not the description, not one of its parts ('From previous same day,', 'both to …') …
      for (const shown of [description, ...description.querySelectorAll<HTMLElement>('.kpi-card__description-part')]) {
        await expect(shown.scrollWidth).toBeLessThanOrEqual(shown.clientWidth);
      }
      // … and all of it inside the card's 144 px, below the value.
      const { bottom } = card.getBoundingClientRect();
      const padding = Number.parseFloat(getComputedStyle(card).paddingBottom);
      await expect(description.getBoundingClientRect().bottom).toBeLessThanOrEqual(bottom - padding + 0.5);
      const value = within(card).getByLabelText('value').getBoundingClientRect();
      await expect(description.getBoundingClientRect().top).toBeGreaterThanOrEqual(value.bottom);
    }
  },
};
