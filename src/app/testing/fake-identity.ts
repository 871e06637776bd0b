import { vi } from 'vitest';
import type {
  AccountInfo,
  AuthenticationResult,
  EndSessionRequest,
  RedirectRequest,
  SilentRequest,
} from '@azure/msal-browser';
import { claimKey, DEFAULT_CLAIMS_NAMESPACE } from '../../shared/auth/claims.ts';
import type { Role } from '../../shared/auth/roles.ts';
import type { MsalClient } from '../auth/msal-port.ts';

/** Test-only stand-in for the identity provider behind MSAL (the network edge of sign-in). */
export interface FakeUser {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
  roles: Role[];
  tenantId: string;
  tenantName: string;
  isSuperUser?: boolean;
}

export const ADMIN: FakeUser = {
  sub: 'user-admin',
  email: 'admin@northwind.demo',
  givenName: 'Ada',
  familyName: 'Admin',
  roles: ['admin', 'goals-setter', 'certificate-enabled', 'email-scheduler'],
  tenantId: 'tenant-northwind',
  tenantName: 'Northwind Apparel',
};

export const READ_ONLY: FakeUser = {
  sub: 'user-readonly',
  email: 'readonly@northwind.demo',
  givenName: 'Rita',
  familyName: 'Reader',
  roles: ['read-only'],
  tenantId: 'tenant-northwind',
  tenantName: 'Northwind Apparel',
};

function base64Url(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** An unsigned JWT carrying the payload (the browser never verifies signatures). */
export function fakeJwt(payload: Record<string, unknown>): string {
  return `${base64Url({ alg: 'RS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;
}

export function userClaims(user: FakeUser, namespace = DEFAULT_CLAIMS_NAMESPACE): Record<string, unknown> {
  return {
    sub: user.sub,
    email: user.email,
    [claimKey(namespace, 'roles')]: user.roles,
    [claimKey(namespace, 'given_name')]: user.givenName,
    [claimKey(namespace, 'family_name')]: user.familyName,
    [claimKey(namespace, 'tenant_id')]: user.tenantId,
    [claimKey(namespace, 'tenant_name')]: user.tenantName,
    [claimKey(namespace, 'is_super_user')]: user.isSuperUser === true,
  };
}

export const TOKEN_LIFETIME_MS = 900_000;

export function tokenResult(user: FakeUser, account: AccountInfo, issuedAt = Date.now()): AuthenticationResult {
  const claims = userClaims(user);
  const exp = Math.floor((issuedAt + TOKEN_LIFETIME_MS) / 1000);
  return {
    authority: 'https://portal.test/idp',
    uniqueId: user.sub,
    tenantId: '',
    scopes: ['user_metadata', 'app_metadata'],
    account,
    idToken: fakeJwt({ ...claims, exp, nonce: 'n' }),
    idTokenClaims: { ...claims, exp },
    accessToken: fakeJwt({ ...claims, exp, aud: 'https://portal.test/api', iat: Math.floor(issuedAt / 1000) }),
    fromCache: false,
    expiresOn: new Date(exp * 1000),
    tokenType: 'Bearer',
    correlationId: 'test',
  };
}

/** A fake MSAL client: `user` null means nobody is signed in. */
export function createFakeMsal(user: FakeUser | null) {
  const account: AccountInfo | null =
    user === null
      ? null
      : {
          homeAccountId: `${user.sub}.idp`,
          environment: 'portal.test',
          tenantId: '',
          username: user.email,
          localAccountId: user.sub,
          name: `${user.givenName} ${user.familyName}`,
        };
  let active: AccountInfo | null = null;
  const msal = {
    initialize: vi.fn(async (): Promise<void> => undefined),
    handleRedirectPromise: vi.fn(async (): Promise<AuthenticationResult | null> => null),
    getActiveAccount: vi.fn(() => active),
    getAllAccounts: vi.fn(() => (account === null ? [] : [account])),
    setActiveAccount: vi.fn((next: AccountInfo | null) => {
      active = next;
    }),
    acquireTokenSilent: vi.fn(async (_request: SilentRequest): Promise<AuthenticationResult> => {
      if (user === null || account === null) throw new Error('no_account_error');
      return tokenResult(user, account);
    }),
    loginRedirect: vi.fn(async (_request?: RedirectRequest): Promise<void> => undefined),
    logoutRedirect: vi.fn(async (_request?: EndSessionRequest): Promise<void> => undefined),
    revokeRefreshToken: vi.fn(async (_account: AccountInfo): Promise<boolean> => true),
  } satisfies MsalClient;
  return msal;
}
