import { DEFAULT_CLAIMS_NAMESPACE } from '../shared/auth/claims.ts';
import { RUNTIME_CONFIG_GLOBAL, type RuntimeConfig } from '../shared/runtime-config.ts';
import { DEFAULT_INACTIVITY_TIMEOUT_MS } from '../machines/session.machine.ts';

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

/** Reads what /config.js put on window before the SPA started; missing optional values get the spec defaults. */
export function readRuntimeConfig(
  source: unknown = (window as unknown as Record<string, unknown>)[RUNTIME_CONFIG_GLOBAL],
): RuntimeConfig {
  if (typeof source !== 'object' || source === null) {
    throw new RuntimeConfigError('The portal configuration (/config.js) did not load.');
  }
  const raw = source as Partial<RuntimeConfig>;
  if (!raw.authority || !raw.clientId) {
    throw new RuntimeConfigError('The portal configuration (/config.js) lacks the identity provider settings.');
  }
  return {
    apiBase: raw.apiBase ?? '',
    authority: raw.authority,
    clientId: raw.clientId,
    scopes: raw.scopes ?? [],
    claimsNamespace: raw.claimsNamespace ?? DEFAULT_CLAIMS_NAMESPACE,
    environment: raw.environment ?? 'prod',
    version: raw.version ?? '',
    inactivityTimeoutMs: raw.inactivityTimeoutMs ?? DEFAULT_INACTIVITY_TIMEOUT_MS,
    agreementVersion: raw.agreementVersion ?? '1.0',
    liveDashboardTenants: raw.liveDashboardTenants ?? [],
  };
}
