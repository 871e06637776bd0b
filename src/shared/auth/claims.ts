import { isRole, type Role } from './roles.ts';

/**
 * Namespace of the custom claims in access and id tokens (spec shell §3 "Identity token claims read").
 * An external provider must emit the same names (configurable on the server with PORTAL_CLAIMS_NAMESPACE).
 */
export const DEFAULT_CLAIMS_NAMESPACE = 'https://fleet-portal/';

export const CLAIM_NAMES = [
  'roles',
  'is_super_user',
  'original_user_email',
  'agreement_version',
  'agreement_approved',
  'locale',
  'given_name',
  'family_name',
  'picture',
  'tenant_id',
  'tenant_name',
] as const;

export type ClaimName = (typeof CLAIM_NAMES)[number];

/** The portal's view of a signed-in user, read from token claims. */
export interface PortalClaims {
  sub: string;
  email: string;
  roles: Role[];
  isSuperUser: boolean;
  originalUserEmail: string | null;
  agreementVersion: string | null;
  agreementApproved: boolean;
  locale: string | null;
  givenName: string;
  familyName: string;
  picture: string | null;
  tenantId: string;
  tenantName: string;
}

export function claimKey(namespace: string, name: ClaimName): string {
  return `${namespace}${name}`;
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Reads the namespaced claims of a decoded token payload; unknown roles are dropped. */
export function readPortalClaims(payload: Record<string, unknown>, namespace = DEFAULT_CLAIMS_NAMESPACE): PortalClaims {
  const get = (name: ClaimName): unknown => payload[claimKey(namespace, name)];
  const roles = get('roles');
  return {
    sub: str(payload['sub']) ?? '',
    email: str(payload['email']) ?? '',
    roles: Array.isArray(roles) ? roles.filter(isRole) : [],
    isSuperUser: get('is_super_user') === true,
    originalUserEmail: str(get('original_user_email')),
    agreementVersion: str(get('agreement_version')),
    agreementApproved: get('agreement_approved') === true,
    locale: str(get('locale')),
    givenName: str(get('given_name')) ?? '',
    familyName: str(get('family_name')) ?? '',
    picture: str(get('picture')),
    tenantId: str(get('tenant_id')) ?? '',
    tenantName: str(get('tenant_name')) ?? '',
  };
}
