import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IDP_KEYS_FILE, loadOrCreateIdpKeys, publicJwks } from './idp-keys.ts';

const tempDirs: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'fleet-idp-keys-'));
  tempDirs.push(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('identity provider keys', () => {
  it('creates the key file once (mode 0600) and reads the same keys afterwards', async () => {
    const dir = path.join(await tempDir(), 'nested');
    const created = await loadOrCreateIdpKeys(dir);
    const file = path.join(dir, IDP_KEYS_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(created.signingKeys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
    expect(created.cookieKeys[0]).toEqual(expect.any(String));

    const reread = await loadOrCreateIdpKeys(dir);
    expect(reread).toEqual(created);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(created);
  });

  it('gives every new key its own key id', async () => {
    const [first, second] = await Promise.all([
      loadOrCreateIdpKeys(await tempDir()),
      loadOrCreateIdpKeys(await tempDir()),
    ]);
    expect(first.signingKeys[0]?.kid).not.toBe(second.signingKeys[0]?.kid);
  });

  it('publishes only the public members', async () => {
    const keys = await loadOrCreateIdpKeys(await tempDir());
    const [key] = publicJwks(keys).keys;
    expect(Object.keys(key ?? {}).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    expect(key?.n).toBe(keys.signingKeys[0]?.n);
  });

  it('refuses a damaged key file instead of replacing the keys silently', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, IDP_KEYS_FILE), '{"signingKeys": []}');
    await expect(loadOrCreateIdpKeys(dir)).rejects.toThrow(/not a valid identity provider key file/);
  });
});
