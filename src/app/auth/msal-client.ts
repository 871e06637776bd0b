import {
  BrowserCacheLocation,
  LogLevel,
  ProtocolMode,
  PublicClientApplication,
  type AccountInfo,
  type Configuration,
  type INetworkModule,
} from '@azure/msal-browser';
import type { RuntimeConfig } from '../../shared/runtime-config.ts';
import type { MsalClient } from './msal-port.ts';
import { createRefreshTokenTap, revokeRefreshToken } from './token-revocation.ts';
import { REDIRECT_BRIDGE_PATH } from './sign-in-paths.ts';

/**
 * MSAL against a standards OpenID Connect provider (the embedded oidc-provider or any other):
 * OIDC protocol mode with the authority listed as known, so MSAL reads the provider's own discovery document;
 * no offline_access in the default scopes, so the provider's refresh-token policy decides.
 * Tokens live in localStorage so a new tab (e.g. a document opened from the terms dialog) shares the sign-in.
 */
export function msalConfiguration(config: RuntimeConfig, origin: string, networkClient: INetworkModule): Configuration {
  return {
    auth: {
      clientId: config.clientId,
      authority: config.authority,
      knownAuthorities: [new URL(config.authority).host],
      redirectUri: `${origin}${REDIRECT_BRIDGE_PATH}`,
      postLogoutRedirectUri: `${origin}/`,
      OIDCOptions: { defaultScopes: ['openid', 'profile'] },
    },
    cache: { cacheLocation: BrowserCacheLocation.LocalStorage },
    system: {
      protocolMode: ProtocolMode.OIDC,
      networkClient,
      loggerOptions: {
        logLevel: LogLevel.Warning,
        piiLoggingEnabled: false,
        loggerCallback: (level, message) => {
          if (level === LogLevel.Error) console.error(message);
          else if (level === LogLevel.Warning) console.warn(message);
        },
      },
    },
  };
}

/** MSAL over a network module that shows the refresh token to logout's revocation (token-revocation.ts). */
export function createMsalClient(config: RuntimeConfig, origin: string): MsalClient {
  const tap = createRefreshTokenTap();
  const msal = new PublicClientApplication(msalConfiguration(config, origin, tap.networkClient));
  return Object.assign(msal, {
    revokeRefreshToken: (account: AccountInfo) =>
      revokeRefreshToken(msal, tap, {
        account,
        scopes: config.scopes,
        authority: config.authority,
        clientId: config.clientId,
      }),
  });
}
