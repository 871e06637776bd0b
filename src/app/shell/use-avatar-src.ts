import { useEffect, useState } from 'react';
import { isStoredAvatar, useAvatarBlob } from '../../api/user-avatar.ts';

/**
 * What an `<img>` can show for a picture URL: a stored picture (behind the bearer token) as an object URL of its
 * fetched bytes, released when no longer shown; any other URL (a data URL of a file just chosen, an identity
 * provider's `picture`) as it is; null until loaded, when the fetch failed, or for none.
 */
export function useAvatarSrc(url: string | null): string | null {
  const blob = useAvatarBlob(url).data;
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (blob === undefined) return undefined;
    const created = URL.createObjectURL(blob);
    setObjectUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setObjectUrl(null);
    };
  }, [blob]);
  if (url === null) return null;
  return isStoredAvatar(url) ? objectUrl : url;
}
