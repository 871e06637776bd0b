import type { SystemGroup } from './system-group.ts';

/**
 * What /config.js puts on window.__PORTAL_CONFIG__ before the SPA starts.
 * The SPA reads it once (src/app/runtime-config.ts); nothing is baked into the build.
 */
export interface RuntimeConfig {
  apiBase: string;
  authority: string;
  clientId: string;
  /** Scopes requested at sign-in besides openid/profile. */
  scopes: string[];
  claimsNamespace: string;
  environment: string;
  version: string;
  inactivityTimeoutMs: number;
  agreementVersion: string;
  liveDashboardTenants: string[];
}

export const RUNTIME_CONFIG_GLOBAL = '__PORTAL_CONFIG__';

/** Groups in display order. */
export type { SystemGroup };
