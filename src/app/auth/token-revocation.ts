import {
  CacheLookupPolicy,
  type AccountInfo,
  type INetworkModule,
  type IPublicClientApplication,
  type NetworkRequestOptions,
  type NetworkResponse,
} from '@azure/msal-browser';

/**
 * Logout revokes the refresh token MSAL holds (RFC 7009, issue #31), so a copy of it is worthless even when the
 * provider keeps refresh tokens past the sign-in session. MSAL stores its cache encrypted and has no call that reads a
 * refresh token: the one place it shows is the token endpoint's answer, which passes through MSAL's network module.
 */

type Fetch = typeof fetch;

/**
 * MSAL's network module (`system.networkClient`) over fetch, as MSAL's own (JSON answers, one retry of a failed POST),
 * noting the refresh token of every token answer.
 */
export interface RefreshTokenTap {
  networkClient: INetworkModule;
  /** The refresh token of the last token answer this page received, or null. */
  latestRefreshToken(): string | null;
}

async function networkResponse<T>(response: Response): Promise<NetworkResponse<T>> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { headers, body: (await response.json()) as T, status: response.status };
}

/** MSAL's own network module sends a POST again once, 100 ms after a network failure (a tab waking from sleep). */
const POST_RETRY_DELAY_MS = 100;

async function postOnceMore(send: Fetch, url: string, init: RequestInit): Promise<Response> {
  try {
    return await send(url, init);
  } catch (error) {
    if (navigator.onLine === false || (error instanceof Error && error.name === 'AbortError')) throw error;
    await new Promise((resolve) => setTimeout(resolve, POST_RETRY_DELAY_MS));
    return send(url, init);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function createRefreshTokenTap(send: Fetch = (...args) => fetch(...args)): RefreshTokenTap {
  let latest: string | null = null;
  return {
    networkClient: {
      async sendGetRequestAsync<T>(url: string, options?: NetworkRequestOptions): Promise<NetworkResponse<T>> {
        return networkResponse<T>(await send(url, { method: 'GET', headers: options?.headers ?? {} }));
      },
      async sendPostRequestAsync<T>(url: string, options?: NetworkRequestOptions): Promise<NetworkResponse<T>> {
        const response = await networkResponse<T>(
          await postOnceMore(send, url, { method: 'POST', headers: options?.headers ?? {}, body: options?.body ?? '' }),
        );
        const body: unknown = response.body;
        if (isRecord(body) && typeof body['refresh_token'] === 'string') latest = body['refresh_token'];
        return response;
      },
    },
    latestRefreshToken: () => latest,
  };
}

/** The provider's revocation endpoint from its discovery document, or null when it offers none. */
async function revocationEndpoint(authority: string, send: Fetch): Promise<string | null> {
  const response = await send(`${authority}/.well-known/openid-configuration`);
  const discovery: unknown = response.ok ? await response.json() : null;
  const endpoint = isRecord(discovery) ? discovery['revocation_endpoint'] : undefined;
  return typeof endpoint === 'string' ? endpoint : null;
}

export interface RevocationRequest {
  account: AccountInfo;
  scopes: string[];
  /** The provider's issuer URL (its discovery document is under it). */
  authority: string;
  clientId: string;
}

/**
 * Revokes the refresh token MSAL holds for `account` at the provider's revocation endpoint, as a public client
 * (client_id, no secret). One renewal with the refresh token, never an iframe, shows the current token to `tap`.
 * Resolves whether the provider took the revocation; false when it offers none or MSAL holds no refresh token.
 */
export async function revokeRefreshToken(
  msal: Pick<IPublicClientApplication, 'acquireTokenSilent'>,
  tap: RefreshTokenTap,
  request: RevocationRequest,
  send: Fetch = (...args) => fetch(...args),
): Promise<boolean> {
  const endpoint = await revocationEndpoint(request.authority, send);
  if (endpoint === null) return false;
  await msal.acquireTokenSilent({
    scopes: request.scopes,
    account: request.account,
    cacheLookupPolicy: CacheLookupPolicy.RefreshToken,
  });
  const token = tap.latestRefreshToken();
  if (token === null) return false;
  const response = await send(endpoint, {
    method: 'POST',
    body: new URLSearchParams({ token, token_type_hint: 'refresh_token', client_id: request.clientId }),
  });
  return response.ok;
}
