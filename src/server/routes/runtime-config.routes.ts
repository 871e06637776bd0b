import type { FastifyInstance } from 'fastify';
import { RUNTIME_CONFIG_GLOBAL, type RuntimeConfig } from '../../shared/runtime-config.ts';
import type { PortalConfig } from '../config.ts';
import { Type } from 'typebox';
import { ERROR_RESPONSES, NoQuery } from '../../shared/contract/primitives.ts';

/** Scopes requested at sign-in besides openid and profile (spec shell §7: 'openid profile user_metadata app_metadata'). */
const SIGN_IN_SCOPES = ['user_metadata', 'app_metadata'];

export function runtimeConfig(config: PortalConfig): RuntimeConfig {
  return {
    apiBase: config.publicUrl,
    authority: config.oidc.issuer,
    clientId: config.oidc.clientId,
    scopes: SIGN_IN_SCOPES,
    claimsNamespace: config.oidc.claimsNamespace,
    environment: config.environment,
    version: config.version,
    inactivityTimeoutMs: config.inactivityTimeoutMs,
    agreementVersion: config.agreementVersion,
    liveDashboardTenants: config.liveDashboardTenants,
  };
}

/** GET /config.js (no auth): the runtime configuration as a script the SPA loads before it starts; never cached. */
export async function registerRuntimeConfigRoutes(app: FastifyInstance, deps: { config: PortalConfig }): Promise<void> {
  // JSON is valid JavaScript; '<' is escaped so the text can never close a surrounding script element.
  const script = `window.${RUNTIME_CONFIG_GLOBAL} = ${JSON.stringify(runtimeConfig(deps.config)).replaceAll('<', '\\u003c')};\n`;
  app.get(
    '/config.js',
    { schema: { querystring: NoQuery, response: { 200: Type.String(), ...ERROR_RESPONSES } } },
    async (_request, reply) =>
      reply.header('Cache-Control', 'no-store').type('text/javascript; charset=utf-8').send(script),
  );
}
