import { describe, expect, it } from 'vitest';
import type { ReportFilters } from '../report-filters.ts';
import type { LayoutQuery } from './layout-types.ts';
import { buildQueryRequest, pickDependencies } from './query-request.ts';

const filters: ReportFilters = {
  systemGroup: 'DTF',
  timeframe: 'week',
  day: '2026-11-20',
  period: { name: 'week', value: '2026-11-16' },
  systems: ['100-01', '100-02'],
};

const overviewCards: LayoutQuery = {
  endpoint: '/api/overview-report/overview-cards',
  method: 'POST',
  answer: 'OverviewCards',
  params: { day: { filter: 'day' }, systemGroup: { filter: 'systemGroup' }, realTime: true },
  body: { systems: { filter: 'systems' } },
  dependsOn: ['systemGroup', 'day', 'systems'],
};

describe('query requests', () => {
  it('picks only the filters a query depends on', () => {
    expect(pickDependencies(overviewCards, filters)).toEqual({
      systemGroup: 'DTF',
      day: '2026-11-20',
      systems: ['100-01', '100-02'],
    });
  });

  it('resolves filter references in params and body and keeps constants', () => {
    expect(buildQueryRequest(overviewCards, pickDependencies(overviewCards, filters))).toEqual({
      method: 'POST',
      endpoint: '/api/overview-report/overview-cards',
      params: { day: '2026-11-20', systemGroup: 'DTF', realTime: true },
      body: { systems: ['100-01', '100-02'] },
    });
  });

  it('sends no body for GET', () => {
    const query: LayoutQuery = {
      endpoint: '/api/reports/systems',
      method: 'GET',
      answer: 'OverviewCards',
      params: { day: { filter: 'day' } },
      dependsOn: ['day'],
    };
    expect(buildQueryRequest(query, pickDependencies(query, filters))).toEqual({
      method: 'GET',
      endpoint: '/api/reports/systems',
      params: { day: '2026-11-20' },
      body: undefined,
    });
  });

  it('sends a period reference under the period name: day, week or custom', () => {
    const query: LayoutQuery = {
      endpoint: '/api/overview-report/overview-graphs',
      method: 'POST',
      answer: 'OverviewCards',
      params: { period: { filter: 'period' }, systemGroup: { filter: 'systemGroup' } },
      body: { systems: { filter: 'systems' } },
      dependsOn: ['systemGroup', 'period', 'systems'],
    };
    const paramsFor = (period: ReportFilters['period']) =>
      buildQueryRequest(query, pickDependencies(query, { ...filters, period })).params;
    expect(paramsFor({ name: 'week', value: '2026-11-16' })).toEqual({ week: '2026-11-16', systemGroup: 'DTF' });
    expect(paramsFor({ name: 'day', value: '2026-11-20' })).toEqual({ day: '2026-11-20', systemGroup: 'DTF' });
    expect(paramsFor({ name: 'custom', value: '2026-11-01T05:00/2026-11-04T23:00' })).toEqual({
      custom: '2026-11-01T05:00/2026-11-04T23:00',
      systemGroup: 'DTF',
    });
  });
});
