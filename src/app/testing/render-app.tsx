import { onTestFinished, vi } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import type { RuntimeConfig } from '../../shared/runtime-config.ts';
import { configureApiClient } from '../../api/http-client.ts';
import { AppProviders, createQueryClient } from '../App.tsx';
import { startSession } from '../auth/session.ts';
import { notifications } from '../notifications/notification.service.ts';
import { AppRoutes } from '../routes/AppRoutes.tsx';
import { createFakeMsal, type FakeUser } from './fake-identity.ts';
import { shellApi, stubApi, type ApiAnswer } from './fake-api.ts';

export const TEST_ORIGIN = 'https://portal.test';

export function testConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return {
    apiBase: TEST_ORIGIN,
    authority: `${TEST_ORIGIN}/idp`,
    clientId: 'fleet-portal',
    scopes: ['user_metadata', 'app_metadata'],
    claimsNamespace: 'https://fleet-portal/',
    environment: 'local',
    version: '1.0.859',
    inactivityTimeoutMs: 14_400_000,
    agreementVersion: '1.0',
    liveDashboardTenants: [],
    ...overrides,
  };
}

/** Keeps the current location in the DOM so tests can assert redirects (see currentLocation()). */
function LocationProbe() {
  const location = useLocation();
  return <div hidden data-location={`${location.pathname}${location.search}`} />;
}

export function currentLocation(): string | null {
  return document.querySelector('[data-location]')?.getAttribute('data-location') ?? null;
}

export interface RenderAppOptions {
  path: string;
  user: FakeUser | null;
  api?: Record<string, ApiAnswer>;
  config?: Partial<RuntimeConfig>;
  /** Adjusts the fake identity provider before the session starts. */
  prepareMsal?: (msal: ReturnType<typeof createFakeMsal>) => void;
}

/** Renders the real app (routes, providers, session, API client) over a fake identity provider and API. */
export function renderApp({ path, user, api = {}, config: configOverrides, prepareMsal }: RenderAppOptions) {
  const config = testConfig(configOverrides);
  const msal = createFakeMsal(user);
  prepareMsal?.(msal);
  const fetchMock = stubApi(shellApi(api));
  const session = startSession(msal, config, TEST_ORIGIN);
  onTestFinished(() => {
    session.actor.stop();
    vi.unstubAllGlobals();
  });
  configureApiClient({
    baseUrl: config.apiBase,
    getAccessToken: session.getAccessToken,
    onError: (message) => notifications.error(message),
  });
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders config={config} session={session.actor} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, msal, fetchMock, session, queryClient };
}
