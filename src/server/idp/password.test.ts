import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('stores scrypt parameters, salt and hash, and verifies the same password', async () => {
    const stored = await hashPassword('fleet-demo');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    await expect(verifyPassword('fleet-demo', stored)).resolves.toBe(true);
  });

  it('rejects another password', async () => {
    const stored = await hashPassword('fleet-demo');
    await expect(verifyPassword('fleet-demo ', stored)).resolves.toBe(false);
    await expect(verifyPassword('Fleet-demo', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    const [first, second] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(first).not.toBe(second);
    await expect(verifyPassword('same', second)).resolves.toBe(true);
  });

  it('verifies hashes made with other cost parameters', async () => {
    const stored = await hashPassword('fleet-demo');
    const [, , , , salt] = stored.split('$');
    const { scryptSync } = await import('node:crypto');
    const key = scryptSync('fleet-demo', Buffer.from(salt ?? '', 'base64'), 24, { N: 1024, r: 4, p: 2 });
    await expect(verifyPassword('fleet-demo', `scrypt$1024$4$2$${salt}$${key.toString('base64')}`)).resolves.toBe(true);
  });

  it('never matches a missing or malformed hash', async () => {
    await expect(verifyPassword('fleet-demo', null)).resolves.toBe(false);
    await expect(verifyPassword('fleet-demo', 'plain-text')).resolves.toBe(false);
    await expect(verifyPassword('fleet-demo', 'scrypt$0$8$1$c2FsdA==$a2V5')).resolves.toBe(false);
    await expect(verifyPassword('fleet-demo', 'bcrypt$16384$8$1$c2FsdA==$a2V5')).resolves.toBe(false);
    await expect(verifyPassword('fleet-demo', 'scrypt$16384$8$1$$')).resolves.toBe(false);
  });
});
