import { useEffect, useState } from 'react';
import { useAvatarBlob } from '../../../api/users-admin.ts';

/**
 * What an `<img>` can show for a picture URL: a data URL (a file just chosen) as it is, a stored picture (behind the
 * bearer token) as an object URL of its fetched bytes, released when no longer shown; null until loaded or for none.
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
  return url.startsWith('data:') ? url : objectUrl;
}
