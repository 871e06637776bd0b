import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  SYSTEM_CARDS_ANSWER,
  SYSTEM_CARDS_IDENTITY,
  SYSTEM_CARDS_KPIS,
  SYSTEM_CARDS_NOT_REPORTED,
} from './fixtures.ts';
import { renderPanel } from '../../src/runtime/panel-sdk-testing.tsx';
import { t } from '../../src/runtime/panel-sdk-text.ts';
import { identityLines, kpiTiles, selectSystemCards } from './model.ts';
import type { SystemCardsOptions } from './options.ts';
import { SystemCardsPanel } from './SystemCardsPanel.tsx';

/** The system page's cards of the fixture printer in the section the options name. */
const renderCards = (options: SystemCardsOptions) =>
  renderPanel(SystemCardsPanel, {
    options,
    data: selectSystemCards(SYSTEM_CARDS_ANSWER),
    title: 'Cards',
    width: 1000,
    height: 200,
  });

describe('system-cards model', () => {
  it('shows each KPI with its change against last week and against the fleet', () => {
    const production = kpiTiles(SYSTEM_CARDS_ANSWER, t).find((tile) => tile.label === 'Production');
    // 1,240 against 1,100 last week (+12.73%) and 1,400 for the fleet (−11.43%).
    expect(production).toMatchObject({
      value: '1.2k imp',
      changes: [
        { label: 'vs last week', text: '+12.73%' },
        { label: 'vs fleet', text: '-11.43%' },
      ],
    });
  });

  it('says how far last week is compared while the period is in progress (glossary "Change and trend")', () => {
    const today = {
      ...SYSTEM_CARDS_ANSWER,
      comparedUntil: { localTime: `${SYSTEM_CARDS_ANSWER.period.startDay}T11:29` },
    };
    const production = kpiTiles(today, t).find((tile) => tile.label === 'Production');
    expect(production?.changes.map((change) => change.label)).toEqual(['vs last week, both to 11:29', 'vs fleet']);
  });

  it("shows availability −1 as '--' and leaves productivity out when there is none (spec reports §5)", () => {
    const tiles = kpiTiles(SYSTEM_CARDS_NOT_REPORTED, t);
    expect(tiles.find((tile) => tile.label === 'Availability')).toMatchObject({ value: '--', changes: [] });
    expect(tiles.map((tile) => tile.label)).not.toContain('Productivity');
    expect(tiles.find((tile) => tile.label === 'Achievement')?.value).toBe('--');
  });

  it('names the status as people read it', () => {
    expect(identityLines({ ...SYSTEM_CARDS_ANSWER, lastStatus: 'NotReporting' }, t)).toContainEqual({
      label: 'Last status',
      value: 'Not Reporting',
    });
  });
});

describe('SystemCardsPanel', () => {
  it('draws the identity with the printer picture', () => {
    renderCards(SYSTEM_CARDS_IDENTITY);
    expect(screen.getByRole('img', { name: 'Storm Hybrid printer' }).getAttribute('src')).toBe(
      '/images/printers/dtg.svg',
    );
    expect(screen.getByText('Storm Hybrid')).toBeDefined();
  });

  it('draws the KPI tiles', () => {
    renderCards(SYSTEM_CARDS_KPIS);
    expect(screen.getByText('91.30%')).toBeDefined();
    expect(screen.getByText('30m')).toBeDefined();
  });
});
