import { describe, expect, it } from 'vitest';
import { t } from '../../src/runtime/panel-sdk-text.ts';
import type { SystemAnalysisItem } from '../../src/shared/api-types.ts';
import { fixtureSystem as system } from '../../src/shared/systems/systems-analysis.fixture.ts';
import {
  editableNickname,
  formatAvailability,
  formatOee,
  nicknameOf,
  oeeFactors,
  nicknamesOfAnalysis,
  visibleSystems,
} from './system-display.ts';
import { nextSort, sortSystems, statusRank, SORT_BY_STATUS } from './system-sort.ts';

const serials = (rows: readonly SystemAnalysisItem[]) => rows.map((row) => row.serialNumber);

describe('header clicks (spec reports §4)', () => {
  it('sorts descending on the first click', () => {
    expect(nextSort(null, 'production')).toEqual({ key: 'production', direction: 'desc' });
  });

  it('toggles on a click on the sorted header', () => {
    const first = nextSort(null, 'speed');
    const second = nextSort(first, 'speed');
    expect(second).toEqual({ key: 'speed', direction: 'asc' });
    expect(nextSort(second, 'speed')).toEqual({ key: 'speed', direction: 'desc' });
  });

  it('keeps the current order when another header is chosen', () => {
    const ascending = nextSort(nextSort(null, 'speed'), 'speed');
    expect(nextSort(ascending, 'availability')).toEqual({ key: 'availability', direction: 'asc' });
    expect(nextSort(nextSort(null, 'speed'), 'name')).toEqual({ key: 'name', direction: 'desc' });
  });
});

describe('sortSystems', () => {
  it('sorts by OEE with the systems without one last when descending', () => {
    const figures = (oee: number) => ({ oee, availability: 1, performance: oee, quality: 1 });
    const rows = [system('1', { oee: null }), system('2', { oee: figures(0.3) }), system('3', { oee: figures(0.6) })];
    expect(serials(sortSystems(rows, { key: 'oee', direction: 'desc' }))).toEqual(['3', '2', '1']);
    expect(serials(sortSystems(rows, { key: 'oee', direction: 'asc' }))).toEqual(['1', '2', '3']);
  });

  it('sorts the name header by serial number, dashes removed, numerically', () => {
    const rows = [
      system('10-0', { systemNickName: 'Alpha' }),
      system('9-5', { systemNickName: 'Zulu' }),
      system('1-00', { systemNickName: 'Mike' }),
    ];
    expect(serials(sortSystems(rows, { key: 'name', direction: 'asc' }))).toEqual(['9-5', '1-00', '10-0']);
    expect(serials(sortSystems(rows, { key: 'name', direction: 'desc' }))).toEqual(['10-0', '1-00', '9-5']);
  });

  it('orders statuses Printing, Preparation, Idle, Not Reporting, Maintenance, Error, then anything else', () => {
    const statuses = ['Error', 'Idle', 'Printing', 'Maintenance', 'NotReporting', 'Preparation'] as const;
    const rows = statuses.map((status, index) => system(`S-${index}`, { printerStatus: status }));
    expect(sortSystems(rows, SORT_BY_STATUS).map((row) => row.printerStatus)).toEqual([
      'Printing',
      'Preparation',
      'Idle',
      'NotReporting',
      'Maintenance',
      'Error',
    ]);
    expect(statusRank('Printing')).toBe(1);
    expect(statusRank('Error')).toBe(6);
    expect(statusRank('Unknown')).toBe(7);
  });

  it('sorts numbers descending, ties in serial order, unreported availability last', () => {
    const rows = [
      system('3', { production: 50, availability: -1 }),
      system('1', { production: 50, availability: 0.2 }),
      system('2', { production: 900, availability: 0.9 }),
    ];
    expect(serials(sortSystems(rows, { key: 'production', direction: 'desc' }))).toEqual(['2', '1', '3']);
    expect(serials(sortSystems(rows, { key: 'availability', direction: 'desc' }))).toEqual(['2', '1', '3']);
  });

  it('puts never-reported systems below every last update', () => {
    const rows = [system('1', { lastUpdate: null }), system('2', { lastUpdate: '2024-03-01T00:00:00Z' }), system('3')];
    expect(serials(sortSystems(rows, { key: 'lastUpdate', direction: 'desc' }))).toEqual(['3', '2', '1']);
  });

  it('lists by serial before any header is chosen', () => {
    expect(serials(sortSystems([system('B-2'), system('A-1'), system('3')], null))).toEqual(['3', 'A-1', 'B-2']);
  });
});

describe('display rules', () => {
  it("shows 'not setted' until the nicknames have loaded", () => {
    expect(nicknameOf('1', undefined, t)).toBe('not setted');
    expect(nicknameOf('1', { nicknameResponse: [{ serialNumber: '1', nickName: 'Front' }] }, t)).toBe('Front');
    expect(nicknameOf('2', { nicknameResponse: [{ serialNumber: '2', nickName: null }] }, t)).toBe('');
  });

  it('keeps the selected systems (all for an empty selection) with their nicknames', () => {
    const rows = [system('1'), system('2', { systemNickName: 'Old' })];
    const nicknames = { nicknameResponse: [{ serialNumber: '2', nickName: 'New' }] };
    expect(visibleSystems(rows, ['2'], nicknames, t)).toEqual([system('2', { systemNickName: 'New' })]);
    expect(visibleSystems(rows, [], undefined, t).map((row) => [row.serialNumber, row.systemNickName])).toEqual([
      ['1', 'not setted'],
      ['2', 'not setted'],
    ]);
  });

  it('edits from the shown nickname, or from empty while none is loaded', () => {
    expect(editableNickname('Front', t)).toBe('Front');
    expect(editableNickname('not setted', t)).toBe('');
    expect(editableNickname(null, t)).toBe('');
  });

  it('falls back to the analysis nicknames', () => {
    expect(nicknamesOfAnalysis([system('7', { systemNickName: 'Back' })])).toEqual({
      nicknameResponse: [{ serialNumber: '7', nickName: 'Back' }],
    });
  });

  it("shows availability −1 as '--'", () => {
    expect(formatAvailability(-1)).toBe('--');
    expect(formatAvailability(0.8765)).toBe('87.65%');
  });

  it("shows OEE as a percentage with its factors, '--' where it cannot be computed", () => {
    const figures = { oee: 0.4275, availability: 0.9, performance: 0.5, quality: 0.95 };
    expect(formatOee(figures)).toBe('42.75%');
    expect(oeeFactors(figures, t)).toBe('Shift Availability 90.00% × Performance 50.00% × Quality 95.00%');
    expect(formatOee(null)).toBe('--');
    expect(oeeFactors(null, t)).toBeUndefined();
  });
});
