import type { RuntimeConfig } from '../src/shared/runtime-config.ts';

/** What /config.js would give the app, for stories: no identity provider or API is reachable from Storybook. */
export const STORY_RUNTIME_CONFIG: RuntimeConfig = {
  apiBase: '',
  authority: 'https://localhost:8443/idp',
  clientId: 'fleet-portal',
  scopes: [],
  claimsNamespace: 'https://fleet-portal/',
  environment: 'storybook',
  version: 'storybook',
  inactivityTimeoutMs: 14_400_000,
  agreementVersion: '1.0',
  liveDashboardTenants: [],
};
