import { describe, expect, it } from 'vitest';
import { readRuntimeConfig, RuntimeConfigError } from './runtime-config.ts';

describe('readRuntimeConfig', () => {
  it('fills the defaults of optional values', () => {
    const config = readRuntimeConfig({ authority: 'https://localhost:8443/idp', clientId: 'fleet-portal' });
    expect(config).toMatchObject({
      apiBase: '',
      scopes: [],
      claimsNamespace: 'https://fleet-portal/',
      inactivityTimeoutMs: 14_400_000,
      agreementVersion: '1.0',
      liveDashboardTenants: [],
    });
  });

  it('keeps what /config.js gave', () => {
    const config = readRuntimeConfig({
      apiBase: 'https://api.example',
      authority: 'https://id.example',
      clientId: 'c',
      inactivityTimeoutMs: 60_000,
      liveDashboardTenants: ['t1'],
    });
    expect(config).toMatchObject({
      apiBase: 'https://api.example',
      inactivityTimeoutMs: 60_000,
      liveDashboardTenants: ['t1'],
    });
  });

  it('refuses a missing configuration or one without the identity provider', () => {
    expect(() => readRuntimeConfig(undefined)).toThrow(RuntimeConfigError);
    expect(() => readRuntimeConfig({ apiBase: '' })).toThrow(/identity provider/);
  });
});
