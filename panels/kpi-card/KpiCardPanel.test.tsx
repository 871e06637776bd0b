import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LengthUnitsProvider } from '../../src/runtime/panel-sdk.ts';
import type { KpiFrame } from '../../src/shared/contract/frames.ts';
import { cardKpi } from '../../src/shared/contract/report.frames.ts';
import type { SystemGroup } from '../../src/shared/system-group.ts';
import { YARDS_PER_METRE, inLengthUnits, type LengthUnits } from '../../src/shared/units/length-units.ts';
import {
  AVAILABILITY_OPTIONS,
  FALLING_PRODUCTION,
  FIRST_PERIOD,
  DTF_PRODUCTION_RATE,
  DTG_PRODUCTION_RATE,
  PRODUCTION_RATE_OPTIONS,
  RISING_PRODUCTION,
  TOTAL_PRODUCTION_OPTIONS,
  answerCard,
  availabilityFrame,
  cardOf,
  OEE_OPTIONS,
  oeeFrame,
} from './fixtures.ts';
import { KpiCardPanel } from './KpiCardPanel.tsx';
import {
  changeDescriptionParts,
  formatDuration,
  formatOfUnits,
  formatValue,
  kpiCardInUnits,
  kpiCardLabel,
  selectKpiCard,
  trendOf,
  type KpiCard,
} from './model.ts';
import type { KpiCardOptions } from './options.ts';

function renderCard(
  data: KpiCard,
  systemGroup: SystemGroup = 'DTG',
  options: KpiCardOptions = TOTAL_PRODUCTION_OPTIONS,
  lengthUnits: LengthUnits = 'Meter',
) {
  render(
    <LengthUnitsProvider lengthUnits={lengthUnits}>
      <KpiCardPanel
        options={options}
        data={data}
        title="Total production"
        systemGroup={systemGroup}
        width={300}
        height={144}
      />
    </LengthUnitsProvider>,
  );
}

describe('KpiCardPanel', () => {
  it("shows the OEE card as a percentage, and '--' where the answer has no value and the card shows missing values", () => {
    renderCard(cardOf(oeeFrame(0.4275), OEE_OPTIONS), 'DTG', OEE_OPTIONS);
    const card = screen.getByRole('group', { name: 'OEE' });
    expect(within(card).getByLabelText('value').textContent).toBe('42.75');
    expect(within(card).getByText('Shift Availability')).toBeDefined();
    expect(within(card).getByText('Performance')).toBeDefined();
  });

  it("shows '--' for a null value only with showMissing; otherwise there is no card (the empty state)", () => {
    expect(selectKpiCard(oeeFrame(null), { ...OEE_OPTIONS, showMissing: false })).toBeNull();
    renderCard(cardOf(oeeFrame(null), OEE_OPTIONS), 'DTG', OEE_OPTIONS);
    const card = screen.getByRole('group', { name: 'OEE' });
    expect(within(card).getByLabelText('value').textContent).toBe('--');
  });

  it("keeps the OEE card's Shift Availability and Performance lines at '--', without changes, when OEE is '--'", () => {
    renderCard(cardOf(oeeFrame(null), OEE_OPTIONS), 'DTG', OEE_OPTIONS);
    const card = screen.getByRole('group', { name: 'OEE' });
    const shown = (description: string) =>
      within(card).getByText(description).closest('.kpi-card__detail')?.querySelector('dd')?.textContent;
    expect(shown('Shift Availability')).toBe('--');
    expect(shown('Performance')).toBe('--');
    expect(within(card).queryAllByRole('img')).toHaveLength(0); // no trend arrow: nothing to compare
  });

  it.each([
    ['DTG', 'Total Impressions'],
    ['DTF', 'Total Production'],
    ['Apollo', 'Total Impressions'],
  ] as const)('labels the card for %s as %s', (group, label) => {
    renderCard(RISING_PRODUCTION, group);
    expect(screen.getByRole('group', { name: label })).toBeDefined();
  });

  it('falls back to the panel title for a group without a label', () => {
    renderCard(RISING_PRODUCTION, 'DTF', { labels: { DTG: 'Total Impressions' } });
    expect(screen.getByRole('group', { name: 'Total production' })).toBeDefined();
  });

  it('abbreviates the value and shows its units, 144 px high', () => {
    renderCard(RISING_PRODUCTION);
    const card = screen.getByRole('group', { name: 'Total Impressions' });
    expect(within(card).getByLabelText('value').textContent).toBe('1.2M');
    expect(within(card).getByText('imp')).toBeDefined();
    expect(card.style.height).toBe('144px');
  });

  it('honours the decimals option', () => {
    renderCard(RISING_PRODUCTION, 'DTG', { ...TOTAL_PRODUCTION_OPTIONS, decimals: 2 });
    expect(screen.getByLabelText('value').textContent).toBe('1.23M');
  });

  it.each([
    {
      trend: 'a rise',
      card: RISING_PRODUCTION,
      arrow: 'up',
      colour: 'green #1BB934',
      rgb: 'rgb(27, 185, 52)',
      change: '+12.50%',
      tone: 'rgb(19, 122, 41)',
    },
    {
      trend: 'a fall',
      card: FALLING_PRODUCTION,
      arrow: 'down',
      colour: 'red #FF4081',
      rgb: 'rgb(255, 64, 129)',
      change: '-8.31%',
      tone: 'rgb(194, 24, 91)',
    },
  ])(
    'shows $trend with an arrow $arrow in $colour and the figure in its readable text tone',
    ({ card, arrow, rgb, change, tone }) => {
      renderCard(card);
      const icon = screen.getByRole('img', { name: arrow });
      expect(icon.className).toContain(`pi-arrow-${arrow}`);
      expect(icon.style.color).toBe(rgb);
      expect(screen.getByText(change).style.color).toBe(tone);
    },
  );

  it("shows the change's description under it", () => {
    renderCard(RISING_PRODUCTION);
    expect(screen.getByText('From last week')).toBeDefined();
  });

  it("gives a period in progress's whole change description as its title and text, in parts that wrap before 'both to'", () => {
    const statsDescription = "From previous same day, both to each site's time";
    renderCard({ ...RISING_PRODUCTION, statsDescription });
    const card = screen.getByRole('group', { name: 'Total Impressions' });
    const description = within(card).getByTitle(statsDescription);
    expect(description.textContent).toBe(statsDescription);
    expect([...description.querySelectorAll('.kpi-card__description-part')].map((part) => part.textContent)).toEqual([
      'From previous same day,',
      "both to each site's time",
    ]);
    // Read aloud as one text with the figure: '+12.50% From previous same day, both to each site's time'.
    expect(description.parentElement?.textContent).toBe(`+12.50%${statsDescription}`);
  });

  it("keeps a finished period's description in one part, titled", () => {
    renderCard(RISING_PRODUCTION);
    expect(screen.getByTitle('From last week').textContent).toBe('From last week');
    expect(changeDescriptionParts('From previous week, both to Sat 11:29')).toEqual([
      'From previous week,',
      'both to Sat 11:29',
    ]);
    expect(changeDescriptionParts('From previous same day')).toEqual(['From previous same day']);
  });

  it('shows no change when there is nothing to compare with', () => {
    renderCard(FIRST_PERIOD);
    expect(screen.getByLabelText('value').textContent).toBe('312');
    expect(screen.queryByRole('img')).toBeNull();
  });
});

function renderFromFrame(frame: KpiFrame, options: KpiCardOptions, systemGroup: SystemGroup) {
  renderCard(cardOf(frame, options), systemGroup, options);
}

function details(): Record<string, string> {
  const list = screen.getByRole('group').querySelector('dl');
  return Object.fromEntries(
    [...(list?.querySelectorAll('div') ?? [])].map((row) => [
      row.querySelector('dt')?.textContent ?? '',
      row.querySelector('dd')?.textContent?.trim() ?? '',
    ]),
  );
}

describe("KpiCardPanel in the user's length unit", () => {
  it('shows DTF production in yards for a Yard user; the change stays the same', () => {
    renderCard(FALLING_PRODUCTION, 'DTF', TOTAL_PRODUCTION_OPTIONS, 'Yard');
    const card = screen.getByRole('group', { name: 'Total Production' });
    // 48,250 m = 52,766.8 yd
    expect(within(card).getByLabelText('value').textContent).toBe('52.8k');
    expect(within(card).getByText('yd')).toBeDefined();
    expect(within(card).getByText('-8.31%')).toBeDefined();
  });

  it('shows metres for a Meter user', () => {
    renderCard(FALLING_PRODUCTION, 'DTF', TOTAL_PRODUCTION_OPTIONS, 'Meter');
    expect(screen.getByLabelText('value').textContent).toBe('48.3k');
    expect(screen.getByText('m')).toBeDefined();
  });

  it('leaves impressions and percentages as they are for a Yard user', () => {
    renderCard(RISING_PRODUCTION, 'DTG', TOTAL_PRODUCTION_OPTIONS, 'Yard');
    expect(screen.getByLabelText('value').textContent).toBe('1.2M');
    expect(screen.getByText('imp')).toBeDefined();
  });

  it('converts the value and any length among the upper and lower values, never the changes', () => {
    const rate: KpiCard = {
      value: 100,
      units: 'm/h',
      stats: 0.1,
      statsDescription: 'From previous day',
      upper: { description: 'Best hour', value: 200, units: 'm/h', stats: 0.2 },
      lower: { description: 'Preparation', value: 0.0875, units: '%', stats: 0.01 },
    };
    expect(kpiCardInUnits(rate, (quantity) => inLengthUnits(quantity, 'Yard'))).toEqual({
      ...rate,
      value: 100 * YARDS_PER_METRE,
      units: 'yd/h',
      upper: { description: 'Best hour', value: 200 * YARDS_PER_METRE, units: 'yd/h', stats: 0.2 },
    });
    expect(kpiCardInUnits(rate, (quantity) => inLengthUnits(quantity, 'Meter'))).toEqual(rate);
  });
});

describe('KpiCardPanel upper and lower values', () => {
  it('shows the percentages of DTF: Avg. Utilization and Preparation', () => {
    renderFromFrame(DTF_PRODUCTION_RATE, PRODUCTION_RATE_OPTIONS, 'DTF');
    expect(details()).toEqual({ 'Avg. Utilization': '63.12 %', Preparation: '8.75 %' });
  });

  it('shows a duration and a percentage for DTG: Avg. Handling Time and Dark Impressions', () => {
    renderFromFrame(DTG_PRODUCTION_RATE, PRODUCTION_RATE_OPTIONS, 'DTG');
    expect(details()).toEqual({ 'Avg. Handling Time': '2m 5s', 'Dark Impressions': '41.25 %' });
  });

  it('shows no upper and lower values for a card without them', () => {
    renderCard(RISING_PRODUCTION);
    expect(screen.getByRole('group').querySelector('dl')).toBeNull();
  });

  it('gives each upper and lower value its trend arrow', () => {
    renderFromFrame(DTF_PRODUCTION_RATE, PRODUCTION_RATE_OPTIONS, 'DTF');
    const rows = screen.getByRole('group').querySelectorAll('dd');
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('img')
        .getAttribute('aria-label'),
    ).toBe('down');
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('img')
        .getAttribute('aria-label'),
    ).toBe('up');
  });

  it("reads 'Average' as 'Current' for the period of the last update", () => {
    renderFromFrame(DTF_PRODUCTION_RATE, PRODUCTION_RATE_OPTIONS, 'DTF');
    expect(screen.getByRole('group', { name: 'Current prod. rate' })).toBeDefined();
  });

  it("keeps 'Average' for a closed period", () => {
    renderFromFrame(DTG_PRODUCTION_RATE, PRODUCTION_RATE_OPTIONS, 'DTG');
    expect(screen.getByRole('group', { name: 'Average prod. rate' })).toBeDefined();
  });

  it('shows error and maintenance durations on the availability card', () => {
    renderFromFrame(availabilityFrame(0.875), AVAILABILITY_OPTIONS, 'DTF');
    expect(details()).toEqual({ 'Error Dur.': '1d 2h', 'Maintenance Dur.': '30m' });
  });
});

describe('KpiCardPanel availability', () => {
  it.each([
    [0.875, '87.50', 'rgb(19, 122, 41)'],
    [0.62, '62.00', 'rgb(138, 90, 0)'],
    [0.5, '50.00', 'rgb(200, 16, 46)'],
  ])('shows %d as %s %% in the text tone of its threshold colour', (value, text, colour) => {
    renderFromFrame(availabilityFrame(value), AVAILABILITY_OPTIONS, 'DTG');
    const output = screen.getByLabelText('value');
    expect(output.textContent).toBe(text);
    expect(output.style.color).toBe(colour);
    expect(screen.getByText('%')).toBeDefined();
  });

  it("shows an availability of -1 (nothing reported) as '--', uncoloured and without units", () => {
    renderFromFrame(availabilityFrame(-1), AVAILABILITY_OPTIONS, 'DTG');
    const output = screen.getByLabelText('value');
    expect(output.textContent).toBe('--');
    expect(output.style.color).toBe('');
    expect(screen.queryByText('%')).toBeNull();
  });
});

describe('kpi-card model', () => {
  it('formats durations as days, hours, minutes, seconds (largest two units)', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(59.6)).toBe('1m');
    expect(formatDuration(125)).toBe('2m 5s');
    expect(formatDuration(3_600)).toBe('1h');
    expect(formatDuration(93_784)).toBe('1d 2h');
    expect(formatDuration(400 * 86_400)).toBe('400d');
  });

  it('formats values by kind, with -- for what cannot be shown', () => {
    expect(formatValue(12_345, 'number', 'imp')).toEqual({ text: '12.3k', units: 'imp' });
    expect(formatValue(0.12345, 'percent', '')).toEqual({ text: '12.35', units: '%' });
    expect(formatValue(-1, 'availability', '%')).toEqual({ text: '--', units: '' });
    expect(formatValue(null, 'number', 'imp')).toEqual({ text: '--', units: 'imp' });
    expect(formatValue(Number.NaN, 'duration', 's')).toEqual({ text: '--', units: '' });
  });

  it('picks the format from the units when the options give none', () => {
    expect(formatOfUnits('%')).toBe('percent');
    expect(formatOfUnits('s')).toBe('duration');
    expect(formatOfUnits('imp/h')).toBe('number');
  });

  it("shows the group's live label while the period holds the last update, else its label", () => {
    expect(kpiCardLabel(AVAILABILITY_OPTIONS, 'DTF', true)).toBe('Current Availability');
    expect(kpiCardLabel(AVAILABILITY_OPTIONS, 'DTF', false)).toBe('Average Availability');
    // No live label: the label stays as written (no English word is replaced).
    expect(kpiCardLabel(TOTAL_PRODUCTION_OPTIONS, 'DTF', true)).toBe('Total Production');
    expect(kpiCardLabel({ labels: { DTF: 'Avg. prod. rate' } }, 'DTG', true)).toBeUndefined();
  });

  it('reads a change of 0 as positive', () => {
    expect(trendOf(0)).toBe('positive');
    expect(trendOf(-0.001)).toBe('negative');
  });

  it("selects the card data of the panel's KPI frame", () => {
    expect(selectKpiCard(cardKpi(answerCard(RISING_PRODUCTION)), TOTAL_PRODUCTION_OPTIONS)).toEqual(RISING_PRODUCTION);
  });

  it('selects nothing (the empty state) for a missing or null card, or a null value', () => {
    expect(selectKpiCard(cardKpi(null), TOTAL_PRODUCTION_OPTIONS)).toBeNull();
    expect(
      selectKpiCard(cardKpi(answerCard({ ...RISING_PRODUCTION, value: null })), TOTAL_PRODUCTION_OPTIONS),
    ).toBeNull();
  });
});
