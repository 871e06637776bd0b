import { useState } from 'react';
import { AvatarInitials } from './AvatarInitials.tsx';
import { useAvatarSrc } from './use-avatar-src.ts';

/**
 * The signed-in user's picture in the avatar button (a lazy chunk: users without a picture never load it); the
 * initials while it loads, when its fetch fails, or when the image does not load.
 */
export function AvatarPicture({ url, initials }: { url: string; initials: string }) {
  const src = useAvatarSrc(url);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return src !== null && src !== failedSrc ? (
    <img className="avatar-button__image" src={src} alt="" onError={() => setFailedSrc(src)} />
  ) : (
    <AvatarInitials initials={initials} />
  );
}
