import { describe, expect, it } from 'vitest';
import { navEntries } from './nav-entries.ts';

const labels = (tenantId: string, selectedGroup: 'DTG' | 'DTF' | 'Apollo' | null) =>
  navEntries({ tenantId, selectedGroup, liveDashboardTenants: ['tenant-live'] }).map((entry) => entry.label);

describe('navEntries', () => {
  it('always offers the three reports', () => {
    expect(labels('tenant-other', 'DTG')).toEqual(['Overview', 'Systems Analysis', 'Jobs Analysis']);
  });

  it('adds Live Dashboard only for an allow-listed tenant with Apollo selected', () => {
    expect(labels('tenant-live', 'Apollo')).toEqual([
      'Overview',
      'Systems Analysis',
      'Jobs Analysis',
      'Live Dashboard',
    ]);
    expect(labels('tenant-live', 'DTG')).not.toContain('Live Dashboard');
    expect(labels('tenant-other', 'Apollo')).not.toContain('Live Dashboard');
  });

  it('makes Live Dashboard switch to Apollo', () => {
    const live = navEntries({
      tenantId: 'tenant-live',
      selectedGroup: 'Apollo',
      liveDashboardTenants: ['tenant-live'],
    });
    expect(live.at(-1)).toMatchObject({ path: '/reports/tv-dashboard', group: 'Apollo' });
  });
});
