import { vi } from 'vitest';
import { layoutAnswersByPath } from '../../runtime/report-layouts.fixtures.ts';
import type { DateFiltersResponse, MaxKeepAliveResponse, ProfileData, UserSettings } from '../../shared/api-types.ts';

/** Test-only API server: answers by path (without query); a function answer can look at the request. */
export type ApiAnswer = unknown | ((url: URL, init: RequestInit) => Response | Promise<Response>);

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Stubs global fetch (the network edge); unknown paths answer 404. Returns the mock to inspect calls. */
export function stubApi(answers: Record<string, ApiAnswer>) {
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'https://portal.test');
    const answer = answers[url.pathname];
    if (answer === undefined) return jsonResponse({ statusCode: 404, error: 'Not Found', message: url.pathname }, 404);
    return typeof answer === 'function' ? answer(url, init) : jsonResponse(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function profileData(overrides: Partial<ProfileData> = {}): ProfileData {
  return {
    id: 'user-admin',
    email: 'admin@northwind.demo',
    firstName: 'Ada',
    lastName: 'Admin',
    profilePictureUrl: null,
    permissions: ['admin'],
    reportTypes: [],
    userAgreementVersion: '1.0',
    userAgreement: true,
    isSuperUser: false,
    tenantId: 'tenant-northwind',
    tenantName: 'Northwind Apparel',
    localeCode: 'en-US',
    ...overrides,
  };
}

export function userSettings(overrides: Partial<UserSettings> = {}): UserSettings {
  return {
    userSystemGroup: ['DTG', 'DTF', 'Apollo'],
    defaultSystemGroup: 'DTG',
    lengthUnits: 'Meter',
    volumeUnits: 'Liter',
    rtrMetricUnit: 'Linear',
    portalLanguage: 'en-US',
    realTimeRefreshRateSeconds: 60,
    systemsAnalysisView: 'table',
    tenantName: 'Northwind Apparel',
    importedTenantId: 'NW-001',
    office: 'EMEA',
    accountType: 'Customer',
    ...overrides,
  };
}

export function dateFilters(
  activeSystems: Partial<Record<'DTG' | 'DTF' | 'Apollo', string>> = {},
): DateFiltersResponse {
  return {
    groups: (['DTG', 'DTF', 'Apollo'] as const).map((systemGroup) => ({
      systemGroup,
      startDate: '20240101',
      endDate: '20240305',
      activeSystems: activeSystems[systemGroup] ?? '3 of 4',
      sites: [],
      models: [],
      systems: [],
    })),
  };
}

/** The group's last update as getMaxKeepAlive answers it: `utc` and, for a site in UTC, the same wall time. */
export function maxKeepAlive(utc: string | null = '2024-03-05T09:30:00.000Z'): MaxKeepAliveResponse {
  return { maxKeepAliveValue: utc?.slice(0, 19) ?? null, maxKeepAliveValueUtc: utc };
}

/** The answers a signed-in shell needs, and every report's layout (layouts/*.json). */
export function shellApi(overrides: Record<string, ApiAnswer> = {}): Record<string, ApiAnswer> {
  return {
    '/api/users/profile-data': profileData(),
    '/api/users/user-settings': userSettings(),
    '/api/users/locale': () => new Response(null, { status: 204 }),
    '/api/users/agreement': () => new Response(null, { status: 204 }),
    '/api/reports/date-filters': dateFilters(),
    '/api/reports/getMaxKeepAlive': maxKeepAlive(),
    '/api/health': { status: 'ok', database: 'pglite', version: '1.0.859' },
    ...layoutAnswersByPath(),
    ...overrides,
  };
}
