import { createHash, randomBytes } from 'node:crypto';
import { HttpsSession } from '../idp/idp-test-harness.ts';

/**
 * Test and benchmark support (not product code): signs in at a running portal's embedded identity provider over
 * HTTPS the way the SPA's MSAL does — authorization request with PKCE, the sign-in form, the code redeemed at the
 * token endpoint — so the access token is one the portal itself issued, not one a test signed.
 */

/** Where to sign in: the portal's public URL, its issuer (`<public URL>/idp`), client id and the CA it is served with. */
export interface SignInTarget {
  publicUrl: string;
  issuer: string;
  clientId: string;
  ca: string;
  /** The loopback address to connect from (default: the system's choice). */
  localAddress?: string;
}

export interface SignedIn {
  accessToken: string;
  refreshToken: string | null;
  /** Seconds the access token is valid for. */
  expiresIn: number;
}

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
}

// As the SPA asks (no offline_access): the provider issues its refresh token all the same.
const SPA_SCOPE = 'openid profile user_metadata app_metadata';

async function redeem(session: HttpsSession, target: SignInTarget, form: Record<string, string>): Promise<SignedIn> {
  const response = await session.postForm(`${target.issuer}/token`, form, { origin: target.publicUrl });
  if (response.status !== 200) throw new Error(`token endpoint answered ${response.status}: ${response.body}`);
  const answer = JSON.parse(response.body) as TokenAnswer;
  if (answer.access_token === undefined) throw new Error(`no access token in ${response.body}`);
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? null,
    expiresIn: answer.expires_in ?? 0,
  };
}

/** Signs in as `email` and returns the tokens; throws with the provider's answer when a step fails. */
export async function signInOverHttp(target: SignInTarget, email: string, password: string): Promise<SignedIn> {
  const session = new HttpsSession(target.publicUrl, target.ca, target.localAddress);
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(8).toString('hex');
  const redirectUri = `${target.publicUrl}/redirect.html`;
  const authorize = new URL(`${target.issuer}/auth`);
  authorize.search = new URLSearchParams({
    client_id: target.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    response_mode: 'fragment',
    scope: SPA_SCOPE,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
    nonce: randomBytes(8).toString('hex'),
  }).toString();
  const start = await session.get(authorize.href);
  if (start.location === null) throw new Error(`authorization answered ${start.status}: ${start.body.slice(0, 300)}`);
  const login = await session.postForm(start.location, { email, password });
  if (login.location === null) throw new Error(`sign-in answered ${login.status}: ${login.body.slice(0, 300)}`);
  const callback = new URL(await session.followUntil(login.location, redirectUri));
  const answer = new URLSearchParams(callback.hash.slice(1));
  if (answer.get('state') !== state) throw new Error(`sign-in came back without the state: ${callback.href}`);
  return redeem(session, target, {
    grant_type: 'authorization_code',
    code: answer.get('code') ?? '',
    redirect_uri: redirectUri,
    client_id: target.clientId,
    code_verifier: verifier,
  });
}

/** A new access token for a refresh token (what the SPA does before the access token expires). */
export async function refreshOverHttp(target: SignInTarget, refreshToken: string): Promise<SignedIn> {
  return redeem(new HttpsSession(target.publicUrl, target.ca), target, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: target.clientId,
  });
}
