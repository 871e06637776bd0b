import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';

/**
 * Keys for access tokens of an external OpenID Connect provider, from its discovery document's jwks_uri.
 * jose caches the key set and refetches it when a token names an unknown key id (key rotation).
 */
export async function remoteKeys(issuer: string): Promise<JWTVerifyGetKey> {
  const discoveryUrl = `${issuer}/.well-known/openid-configuration`;
  let jwksUri: unknown;
  try {
    const response = await fetch(discoveryUrl);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    jwksUri = ((await response.json()) as { jwks_uri?: unknown }).jwks_uri;
  } catch (error) {
    throw new Error(`Cannot read the identity provider's discovery document ${discoveryUrl}: ${String(error)}`, {
      cause: error,
    });
  }
  if (typeof jwksUri !== 'string') throw new Error(`${discoveryUrl} names no jwks_uri`);
  return createRemoteJWKSet(new URL(jwksUri));
}
