import { describe, expect, it } from 'vitest';
import layoutSchema from '../../../schemas/report-layout.schema.json' with { type: 'json' };
import { EMPTY_STATE_ICONS, resolveEmptyState, type EmptyStateRules } from './empty-states.ts';

describe('resolveEmptyState (spec reports §2)', () => {
  it("shows 'Nothing Was Selected' with the list icon for Apollo and the empty-state icon otherwise", () => {
    expect(resolveEmptyState('nothingSelected', 'Apollo')).toEqual({ message: 'Nothing Was Selected', icon: 'list' });
    expect(resolveEmptyState('nothingSelected', 'DTG')).toEqual({
      message: 'Nothing Was Selected',
      icon: 'empty-state',
    });
    expect(resolveEmptyState('nothingSelected', 'DTF')).toEqual({
      message: 'Nothing Was Selected',
      icon: 'empty-state',
    });
  });

  it('says there is no data for this period by default', () => {
    expect(resolveEmptyState('noData', 'Apollo')).toEqual({ message: 'No data for this period', icon: 'empty-state' });
  });

  it("takes the report's rules over the defaults, with per-group icons", () => {
    const report: EmptyStateRules = {
      noData: { message: 'There is no available data', icon: 'no-icon', groupIcons: { DTF: 'event' } },
    };
    expect(resolveEmptyState('noData', 'DTG', { report })).toEqual({
      message: 'There is no available data',
      icon: 'no-icon',
    });
    expect(resolveEmptyState('noData', 'DTF', { report })).toEqual({
      message: 'There is no available data',
      icon: 'event',
    });
    expect(resolveEmptyState('nothingSelected', 'Apollo', { report })).toEqual({
      message: 'Nothing Was Selected',
      icon: 'list',
    });
  });

  it("takes a panel's own empty state for no data, but not for nothing selected (that is the report's)", () => {
    const panel = { message: 'No ink loaded', icon: 'tank' as const };
    const report: EmptyStateRules = { noData: { message: 'Report message', icon: 'list' } };
    expect(resolveEmptyState('noData', 'DTG', { report, panel })).toEqual(panel);
    expect(resolveEmptyState('nothingSelected', 'DTG', { report, panel })).toEqual({
      message: 'Nothing Was Selected',
      icon: 'empty-state',
    });
  });

  it('lists the same icons as the layout schema', () => {
    expect(layoutSchema.$defs.emptyStateIcon.enum).toEqual([...EMPTY_STATE_ICONS]);
  });
});
