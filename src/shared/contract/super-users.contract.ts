import { Type, type Static } from 'typebox';
import { Closed } from './primitives.ts';

/** Contract of /api/super-users/* (spec shell §2 "Super-user tenant picker", §4 "Tenant search", §7). */

/** Fewest characters a tenant search is sent with (spec shell §4, §5, §9). */
export const TENANT_SEARCH_MIN_LENGTH = 3;

/** Longest name pattern accepted: a tenant name is at most this long. */
export const TENANT_SEARCH_MAX_LENGTH = 100;

/** Most tenants one search answers; a longer pattern narrows it. */
export const TENANT_SEARCH_LIMIT = 50;

/** The opaque sessionToken the identity provider gives the picker page (base64url). */
const SessionToken = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' });

/** GET /api/super-users/get-super-user-tenants */
export const TenantSearchQuerySchema = Closed({
  sessionToken: SessionToken,
  namePattern: Type.String({ minLength: TENANT_SEARCH_MIN_LENGTH, maxLength: TENANT_SEARCH_MAX_LENGTH }),
});
export type TenantSearchQuery = Static<typeof TenantSearchQuerySchema>;

/** A tenant a super user may act in (spec shell §3 "Tenant": id and name). */
export const TenantOptionSchema = Closed({ id: Type.String(), name: Type.String() });
export type TenantOption = Static<typeof TenantOptionSchema>;

/**
 * Tenants whose name contains the pattern (any letter case), sorted by name case-insensitively (items without an
 * `$id`, so the OpenAPI document shows their fields inline).
 */
export const TenantSearchResultSchema = Type.Array(TenantOptionSchema, {
  maxItems: TENANT_SEARCH_LIMIT,
  $id: 'TenantSearchResult',
});

/** GET /api/super-users/login-callback */
export const LoginCallbackQuerySchema = Closed({
  selectedTenantId: Type.String({ minLength: 1, maxLength: 64 }),
  /** The sign-in step the picker resumes, as the identity provider put it in the picker's URL. */
  state: Type.String({ minLength: 1, maxLength: 64 }),
  sessionToken: SessionToken,
});
export type LoginCallbackQuery = Static<typeof LoginCallbackQuerySchema>;

/** Where the browser goes next: the identity provider's step that finishes the sign-in in the chosen tenant. */
export const LoginCallbackResultSchema = Closed({ callbackUrl: Type.String() }, { $id: 'LoginCallbackResult' });
export type LoginCallbackResult = Static<typeof LoginCallbackResultSchema>;
