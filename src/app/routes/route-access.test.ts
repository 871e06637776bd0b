import { describe, expect, it } from 'vitest';
import { readPortalClaims, type PortalClaims } from '../../shared/auth/claims.ts';
import type { Role } from '../../shared/auth/roles.ts';
import { canAccess, PROTECTED_ROUTES, SIGNED_IN } from './route-access.ts';

function claims(roles: Role[], sub = 'user-1'): PortalClaims {
  return { ...readPortalClaims({ sub }), roles };
}

describe('canAccess', () => {
  it('refuses everyone when nobody is signed in or the token has no subject', () => {
    expect(canAccess(SIGNED_IN, null)).toBe(false);
    expect(canAccess(SIGNED_IN, claims(['admin'], ''))).toBe(false);
  });

  it('lets any signed-in user open Scheduler and Settings', () => {
    expect(canAccess(PROTECTED_ROUTES.scheduler, claims([]))).toBe(true);
    expect(canAccess(PROTECTED_ROUTES.settings, claims(['read-only']))).toBe(true);
  });

  it.each([
    ['users', 'admin'],
    ['goals', 'goals-setter'],
    ['api', 'certificate-enabled'],
  ] as const)('opens %s only for %s', (route, role) => {
    expect(canAccess(PROTECTED_ROUTES[route], claims([role]))).toBe(true);
    expect(canAccess(PROTECTED_ROUTES[route], claims(['read-only', 'email-scheduler']))).toBe(false);
  });
});
