import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListedUser } from '../../shared/api-types.ts';
import { ROLE } from '../../shared/auth/roles.ts';
import { rngFor } from '../simulator/rng.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../testing/api-test-harness.ts';

// Avatar upload (spec shell §3 "avatar (avatarUrl, avatarBase64)", §5 "Avatar: jpg, jpeg or png, at most 102,400
// bytes", §8 "avatar rejected: warning userAvatarUpload.warning"; issue #28 "avatar upload (≤ 100 KB, type-checked,
// resized server-side)").
const T = 'tenant-avatars';
const OTHER = 'tenant-avatars-other';
const admin: TestIdentity = { sub: 'u-avatar-admin', tenantId: T, roles: [ROLE.Admin] };
const colleague: TestIdentity = { sub: 'u-avatar-colleague', tenantId: T, roles: [ROLE.Scheduler] };
const outsider: TestIdentity = { sub: 'u-avatar-outsider', tenantId: OTHER, roles: [ROLE.Admin] };

let h: ApiTestHarness;

beforeAll(async () => {
  h = await createApiTestHarness();
  const { db } = h.database;
  await db
    .insertInto('tenants')
    .values([
      { id: T, name: 'Avatar Prints' },
      { id: OTHER, name: 'Other Prints' },
    ])
    .execute();
  const user = (identity: TestIdentity, firstName: string) => ({
    id: identity.sub,
    tenant_id: identity.tenantId,
    email: `${identity.sub}@avatars.test`,
    first_name: firstName,
    last_name: 'Pictured',
    roles: identity.roles ?? [],
  });
  await db
    .insertInto('users')
    .values([user(admin, 'Ada'), user(colleague, 'Col'), user(outsider, 'Out')])
    .execute();
});

afterAll(async () => {
  await h?.close();
});

/** A picture `width` × `height` of seeded noise (so it does not compress), as PNG or JPEG bytes. */
async function picture(width: number, height: number, format: 'png' | 'jpeg'): Promise<Buffer> {
  const random = rngFor('avatar', width, height);
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = Math.floor(random() * 256);
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return (format === 'png' ? image.png() : image.jpeg({ quality: 80 })).toBuffer();
}

async function saveWithAvatar(
  avatar: unknown,
  id?: string,
): Promise<{ status: number; body: string; user?: ListedUser }> {
  const response = await h.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: { authorization: await h.bearer(admin) },
    payload: [
      {
        ...(id === undefined ? {} : { id }),
        firstName: 'Paula',
        lastName: 'Picture',
        email: 'paula@avatars.test',
        permissions: [],
        customerIds: [],
        siteIds: [],
        systemIds: [],
        avatar,
        profilePictureUrl: null,
      },
    ],
  });
  const user = response.statusCode === 200 ? response.json<ListedUser[]>()[0] : undefined;
  return { status: response.statusCode, body: response.body, ...(user === undefined ? {} : { user }) };
}

async function getAvatar(url: string, identity: TestIdentity = colleague, headers: Record<string, string> = {}) {
  return h.app.inject({ method: 'GET', url, headers: { authorization: await h.bearer(identity), ...headers } });
}

describe('avatar upload', () => {
  let userId = '';
  let firstUrl = '';

  it('stores a PNG resized to 128 × 128 and serves it to the tenant at the user’s profilePictureUrl', async () => {
    const png = await picture(90, 60, 'png');
    const saved = await saveWithAvatar({ avatarBase64: `data:image/png;base64,${png.toString('base64')}` });
    expect(saved.status, saved.body).toBe(200);
    userId = saved.user?.id ?? '';
    firstUrl = saved.user?.profilePictureUrl ?? '';
    expect(firstUrl).toMatch(new RegExp(`^/api/users/${userId}/avatar\\?v=[\\w-]+$`));

    const served = await getAvatar(firstUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 128, 128]);

    const etag = String(served.headers['etag']);
    expect((await getAvatar(firstUrl, colleague, { 'if-none-match': etag })).statusCode).toBe(304);
    // Another tenant's admin cannot read it.
    expect((await getAvatar(firstUrl, outsider)).statusCode).toBe(404);
    const unauthenticated = await h.app.inject({ method: 'GET', url: firstUrl });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('replaces it with a JPEG (a new URL), keeps it for its own URL, removes it for an empty one', async () => {
    const jpeg = await picture(200, 150, 'jpeg');
    expect(jpeg.length).toBeLessThanOrEqual(102_400);
    const replaced = await saveWithAvatar({ avatarBase64: jpeg.toString('base64') }, userId);
    expect(replaced.status, replaced.body).toBe(200);
    const jpegUrl = replaced.user?.profilePictureUrl ?? '';
    expect(jpegUrl).not.toBe(firstUrl);
    const served = await getAvatar(jpegUrl);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 128, 128]);

    const kept = await saveWithAvatar({ avatarUrl: jpegUrl }, userId);
    expect(kept.user?.profilePictureUrl).toBe(jpegUrl);
    const untouched = await saveWithAvatar(undefined, userId);
    expect(untouched.user?.profilePictureUrl).toBe(jpegUrl);

    const elsewhere = await saveWithAvatar({ avatarUrl: 'https://elsewhere.test/face.png' }, userId);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toContain('userAvatarUpload.warning');

    const removed = await saveWithAvatar({ avatarUrl: null }, userId);
    expect(removed.user?.profilePictureUrl).toBeNull();
    expect((await getAvatar(jpegUrl)).statusCode).toBe(404);
  });

  it('refuses more than 102,400 bytes and anything but JPG or PNG with the userAvatarUpload.warning reason', async () => {
    const large = await picture(200, 200, 'png');
    expect(large.length).toBeGreaterThan(102_400);
    const exactlyTooBig = Buffer.concat([await picture(16, 16, 'png'), Buffer.alloc(102_400)]);
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
    const truncatedPng = (await picture(64, 64, 'png')).subarray(0, 40);
    const cases: [string, Buffer | string, string][] = [
      ['a large PNG', large.toString('base64'), 'at most 102400 are allowed'],
      ['a PNG padded past the limit', exactlyTooBig.toString('base64'), 'at most 102400 are allowed'],
      ['a GIF', gif.toString('base64'), 'must be a JPG or PNG file'],
      ['an SVG named PNG', `data:image/png;base64,${svg.toString('base64')}`, 'must be a JPG or PNG file'],
      ['a truncated PNG', truncatedPng.toString('base64'), 'cannot be read'],
      ['not base64', 'this is not base64!', 'not base64'],
    ];
    for (const [what, avatarBase64, reason] of cases) {
      const refused = await saveWithAvatar({ avatarBase64 }, userId);
      expect(refused.status, what).toBe(400);
      expect(refused.body, what).toContain('userAvatarUpload.warning');
      expect(refused.body, what).toContain(reason);
    }
  });
});
