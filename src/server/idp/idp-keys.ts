import { generateKeyPair, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { calculateJwkThumbprint, type JWK } from 'jose';

/** The identity provider's secrets: the RS256 signing key (private JWK) and the keys that sign its cookies. */
export interface IdpKeys {
  signingKeys: JWK[];
  cookieKeys: string[];
}

export const IDP_KEYS_FILE = 'idp-keys.json';

const PUBLIC_RSA_MEMBERS = ['kty', 'n', 'e', 'kid', 'alg', 'use'] as const;

async function createKeys(): Promise<IdpKeys> {
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  // A thumbprint as key id: a new key always gets a new id, so no cached JWKS ever pairs the id with another key.
  const kid = await calculateJwkThumbprint(jwk);
  return {
    signingKeys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }],
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}

function isIdpKeys(value: unknown): value is IdpKeys {
  if (typeof value !== 'object' || value === null) return false;
  const { signingKeys, cookieKeys } = value as Partial<IdpKeys>;
  return (
    Array.isArray(signingKeys) &&
    signingKeys.length > 0 &&
    signingKeys.every((key) => key.kty === 'RSA' && typeof key.d === 'string' && typeof key.kid === 'string') &&
    Array.isArray(cookieKeys) &&
    cookieKeys.length > 0 &&
    cookieKeys.every((key) => typeof key === 'string' && key.length >= 32)
  );
}

/**
 * Reads `<keysDir>/idp-keys.json`, creating it (mode 0600) on first start. Keys persist so tokens and sessions
 * stay valid across restarts.
 */
export async function loadOrCreateIdpKeys(keysDir: string): Promise<IdpKeys> {
  const file = path.join(keysDir, IDP_KEYS_FILE);
  let text: string | null = null;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (text !== null) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    if (!isIdpKeys(parsed)) {
      throw new Error(`${file} is not a valid identity provider key file; delete it to generate new keys.`);
    }
    return parsed;
  }
  const keys = await createKeys();
  await mkdir(keysDir, { recursive: true, mode: 0o700 });
  try {
    await writeFile(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another start wrote the file first: use its keys, so both agree.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateIdpKeys(keysDir);
    throw error;
  }
  return keys;
}

/** The public halves of the signing keys, as served at the provider's jwks_uri. */
export function publicJwks(keys: IdpKeys): { keys: JWK[] } {
  return {
    keys: keys.signingKeys.map((key) =>
      Object.fromEntries(PUBLIC_RSA_MEMBERS.filter((name) => key[name] !== undefined).map((name) => [name, key[name]])),
    ),
  };
}
