import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashes of the embedded identity provider: scrypt from node:crypto, stored as
 * `scrypt$<N>$<r>$<p>$<saltB64>$<hashB64>` so the cost parameters can rise without breaking stored hashes.
 */
const COST = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function deriveKey(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem must cover 128 * N * r bytes, or scrypt refuses the parameters.
    const maxmem = 256 * (options.N ?? COST.N) * (options.r ?? COST.r);
    scrypt(password, salt, keyLength, { ...options, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await deriveKey(password, salt, KEY_LENGTH, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

interface ParsedHash {
  options: ScryptOptions;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const [scheme, n, r, p, salt, key, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || key === undefined || rest.length > 0) return null;
  const [N, R, P] = [n, r, p].map(Number);
  const valid = (value: number | undefined): value is number =>
    value !== undefined && Number.isSafeInteger(value) && value > 0;
  if (!valid(N) || !valid(R) || !valid(P) || N > 1 << 20 || R > 32 || P > 16) return null;
  const parsed = { options: { N, r: R, p: P }, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
  return parsed.salt.length > 0 && parsed.key.length > 0 ? parsed : null;
}

/** Constant-time check of a password against a stored hash; a malformed or missing hash never matches. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored === null ? null : parseHash(stored);
  if (parsed === null) {
    // Spend the same work as a real check so a missing account is not told apart by timing.
    await deriveKey(password, randomBytes(SALT_LENGTH), KEY_LENGTH, COST);
    return false;
  }
  const key = await deriveKey(password, parsed.salt, parsed.key.length, parsed.options);
  return timingSafeEqual(key, parsed.key);
}
