import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AVATAR_MAX_BYTES, type UserAvatarInput } from '../../shared/contract/users.contract.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';

/**
 * Uploaded avatars (spec shell §3 "avatar (avatarUrl, avatarBase64)", §5 "jpg, jpeg or png, at most 102,400 bytes";
 * issue #28): checked by their bytes, not their name or declared type, resized to AVATAR_SIZE square, kept in
 * `user_avatars` (migration 022) and served by GET /api/users/:id/avatar, whose URL (with the picture's ETag as `v`)
 * becomes the user's profilePictureUrl.
 */

/** Side of the stored square picture, in pixels: twice the largest size the portal shows it at. */
export const AVATAR_SIZE = 128;

/** The spec's warning key for a refused avatar (spec shell §8 "avatar rejected: warning userAvatarUpload.warning"). */
export const AVATAR_WARNING_KEY = 'userAvatarUpload.warning';

export interface PreparedAvatar {
  image: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  etag: string;
}

/** What a save does to the picture: keep it, remove it, or store a new one. */
export type AvatarChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'replace'; avatar: PreparedAvatar };

const refuse = (reason: string) => new HttpError(400, `body/0/avatar: ${AVATAR_WARNING_KEY}: ${reason}`);

/** The image type its first bytes name: JPEG (FF D8 FF) or PNG (the 8-byte signature); anything else null. */
function imageTypeOf(bytes: Buffer): PreparedAvatar['contentType'] | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((byte, index) => bytes[index] === byte)) return 'image/png';
  return null;
}

/** The bytes of a base64 upload, with or without a `data:image/…;base64,` prefix (what FileReader gives). */
function decodeBase64(text: string): Buffer {
  const body = text.replace(/^data:[\w/+.-]*;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 === 1) throw refuse('avatarBase64 is not base64');
  return Buffer.from(body, 'base64');
}

/** Checks and resizes an upload (cover: the middle square, scaled). 400 naming the reason when it is refused. */
export async function prepareAvatar(base64: string): Promise<PreparedAvatar> {
  const bytes = decodeBase64(base64);
  if (bytes.length === 0) throw refuse('the image is empty');
  if (bytes.length > AVATAR_MAX_BYTES) {
    throw refuse(`the image has ${bytes.length} bytes; at most ${AVATAR_MAX_BYTES} are allowed`);
  }
  const contentType = imageTypeOf(bytes);
  if (contentType === null) throw refuse('the image must be a JPG or PNG file');
  // sharp (libvips, about 0.1 s to load) only once someone uploads a picture, not at every start.
  const { default: sharp } = await import('sharp');
  let image: Buffer;
  try {
    const resized = sharp(bytes, { failOn: 'error', limitInputPixels: 25_000_000 })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' });
    image = await (contentType === 'image/png' ? resized.png() : resized.jpeg({ quality: 85 })).toBuffer();
  } catch {
    throw refuse('the image cannot be read');
  }
  const etag = createHash('sha256').update(image).digest('base64url').slice(0, 22);
  return { image, contentType, etag };
}

/** The URL of a stored picture; `v` changes with the picture, so browsers may keep each version for good. */
export const avatarUrl = (userId: string, etag: string) => `/api/users/${encodeURIComponent(userId)}/avatar?v=${etag}`;

/** The upload of a save payload, checked and resized (before the save's transaction: resizing takes a while). */
export async function uploadedAvatar(avatar: UserAvatarInput | undefined): Promise<PreparedAvatar | null> {
  const base64 = avatar?.avatarBase64;
  return typeof base64 === 'string' && base64 !== '' ? prepareAvatar(base64) : null;
}

/**
 * What a save payload's avatar asks for: an uploaded image (`uploaded`, from uploadedAvatar) replaces the picture; no
 * `avatar` or a URL equal to the current picture keeps it; an empty or null URL removes it. Any other URL is refused:
 * the server never fetches pictures from elsewhere.
 */
export function avatarChangeOf(
  avatar: UserAvatarInput | undefined,
  uploaded: PreparedAvatar | null,
  current: string | null,
): AvatarChange {
  if (uploaded !== null) return { kind: 'replace', avatar: uploaded };
  if (avatar?.avatarUrl === undefined) return { kind: 'keep' };
  if (avatar.avatarUrl === null || avatar.avatarUrl === '') return { kind: 'remove' };
  if (avatar.avatarUrl === current) return { kind: 'keep' };
  throw refuse("avatarUrl must be the user's current picture URL, or empty to remove it");
}

/** Applies a change in the caller's tenant transaction and returns the user's profilePictureUrl after it. */
export async function applyAvatarChange(
  trx: Kysely<Database>,
  user: { tenantId: string; userId: string; current: string | null },
  change: AvatarChange,
): Promise<string | null> {
  if (change.kind === 'keep') return user.current;
  const { tenantId, userId } = user;
  if (change.kind === 'remove') {
    await trx.deleteFrom('user_avatars').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
  } else {
    const { image, contentType, etag } = change.avatar;
    await trx
      .insertInto('user_avatars')
      .values({ tenant_id: tenantId, user_id: userId, image, content_type: contentType, etag })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet({ image, content_type: contentType, etag, updated_at: new Date() }),
      )
      .execute();
  }
  const url = change.kind === 'remove' ? null : avatarUrl(userId, change.avatar.etag);
  await trx
    .updateTable('users')
    .set({ profile_picture_url: url })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute();
  return url;
}

/** A stored picture of a user of the tenant, or null. */
export async function loadAvatar(
  trx: Kysely<Database>,
  tenantId: string,
  userId: string,
): Promise<Pick<PreparedAvatar, 'image' | 'contentType' | 'etag'> | null> {
  const row = await trx
    .selectFrom('user_avatars')
    .select(['image', 'content_type', 'etag'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row === undefined ? null : { image: row.image, contentType: row.content_type, etag: row.etag };
}
