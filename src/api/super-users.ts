import type { LoginCallbackQuery, TenantOption } from '../shared/contract/super-users.contract.ts';

/**
 * The super-user tenant picker's calls (spec shell §7). The page is reached mid sign-in, with no access token: the
 * sessionToken in the query authorises them, so they go straight to fetch, not through the signed-in API client.
 */

const PREFIX = '/api/super-users';

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  const body: unknown = await response.json();
  // Spec shell §7: a status of 400 or above in the body is an error too.
  const bodyStatus = (body as { statusCode?: unknown } | null)?.statusCode;
  if (!response.ok || (typeof bodyStatus === 'number' && bodyStatus >= 400)) {
    throw new Error(`${url.split('?')[0]} answered ${response.status}`);
  }
  return body;
}

/** Tenants whose name contains `namePattern` (3 characters or more). */
export async function searchSuperUserTenants(
  apiBase: string,
  sessionToken: string,
  namePattern: string,
): Promise<TenantOption[]> {
  const query = new URLSearchParams({ sessionToken, namePattern });
  return (await getJson(`${apiBase}${PREFIX}/get-super-user-tenants?${query}`)) as TenantOption[];
}

/** Records the choice; answers the address where the identity provider finishes the sign-in. */
export async function chooseSuperUserTenant(apiBase: string, query: LoginCallbackQuery): Promise<string> {
  const answer = (await getJson(`${apiBase}${PREFIX}/login-callback?${new URLSearchParams(query)}`)) as {
    callbackUrl: string;
  };
  return answer.callbackUrl;
}
