import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SystemGroup } from '../../src/shared/system-group.ts';
import { FALLING_PRODUCTION, FIRST_PERIOD, RISING_PRODUCTION, TOTAL_PRODUCTION_OPTIONS } from './fixtures.ts';
import { KpiCardPanel } from './KpiCardPanel.tsx';
import { selectKpiCard, trendOf, type KpiCard, type KpiCardOptions } from './model.ts';

function renderCard(
  data: KpiCard,
  systemGroup: SystemGroup = 'DTG',
  options: KpiCardOptions = TOTAL_PRODUCTION_OPTIONS,
) {
  render(
    <KpiCardPanel
      options={options}
      data={data}
      title="Total production"
      systemGroup={systemGroup}
      width={300}
      height={144}
    />,
  );
}

describe('KpiCardPanel', () => {
  it.each([
    ['DTG', 'Total Impressions'],
    ['DTF', 'Total Production'],
    ['Apollo', 'Total Impressions'],
  ] as const)('labels the card for %s as %s', (group, label) => {
    renderCard(RISING_PRODUCTION, group);
    expect(screen.getByRole('group', { name: label })).toBeDefined();
  });

  it('falls back to the panel title for a group without a label', () => {
    renderCard(RISING_PRODUCTION, 'DTF', { field: 'totalProduction', labels: { DTG: 'Total Impressions' } });
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

  it('shows a rise in green with an upward arrow', () => {
    renderCard(RISING_PRODUCTION);
    const arrow = screen.getByRole('img', { name: 'up' });
    expect(arrow.className).toContain('pi-arrow-up');
    expect(arrow.style.color).toBe('rgb(27, 185, 52)');
    expect(screen.getByText('+12.50%').style.color).toBe('rgb(27, 185, 52)');
    expect(screen.getByText('From last week')).toBeDefined();
  });

  it('shows a fall in red with a downward arrow', () => {
    renderCard(FALLING_PRODUCTION);
    const arrow = screen.getByRole('img', { name: 'down' });
    expect(arrow.className).toContain('pi-arrow-down');
    expect(arrow.style.color).toBe('rgb(255, 64, 129)');
    expect(screen.getByText('-8.31%').style.color).toBe('rgb(255, 64, 129)');
  });

  it('shows no change when there is nothing to compare with', () => {
    renderCard(FIRST_PERIOD);
    expect(screen.getByLabelText('value').textContent).toBe('312');
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('kpi-card model', () => {
  it('reads a change of 0 as positive', () => {
    expect(trendOf(0)).toBe('positive');
    expect(trendOf(-0.001)).toBe('negative');
  });

  it('selects the card data at the field, nested with dots', () => {
    expect(selectKpiCard({ totalProduction: RISING_PRODUCTION }, TOTAL_PRODUCTION_OPTIONS)).toEqual(RISING_PRODUCTION);
    expect(selectKpiCard({ shift: { impressions: FIRST_PERIOD } }, { field: 'shift.impressions', labels: {} })).toEqual(
      FIRST_PERIOD,
    );
  });

  it('selects nothing (the empty state) for a missing field, a null value or a malformed response', () => {
    expect(selectKpiCard({}, TOTAL_PRODUCTION_OPTIONS)).toBeNull();
    expect(
      selectKpiCard({ totalProduction: { ...RISING_PRODUCTION, value: null } }, TOTAL_PRODUCTION_OPTIONS),
    ).toBeNull();
    expect(selectKpiCard({ totalProduction: { value: '12' } }, TOTAL_PRODUCTION_OPTIONS)).toBeNull();
    expect(selectKpiCard(null, TOTAL_PRODUCTION_OPTIONS)).toBeNull();
  });
});
