import { useState, type ReactNode } from 'react';
import { useOwnAvatar } from './api/ownAvatar';

export interface OwnAvatarProps {
  /** Width and height in pixels. */
  size: number;
  /** The 64 px thumbnail (small places such as the header) or the full image. */
  variant: 'thumbnail' | 'image';
  /** Shown while there is no avatar, or it cannot be loaded. */
  fallback: ReactNode;
  /** Text alternative; empty where the avatar only decorates a labelled control. */
  alt: string;
}

/** The signed-in user's avatar in a circle, or the fallback. */
export function OwnAvatar({ size, variant, fallback, alt }: OwnAvatarProps) {
  const avatar = useOwnAvatar();
  const url = variant === 'thumbnail' ? avatar.avatarThumbnailUrl : avatar.avatarUrl;
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const [askedAgain, setAskedAgain] = useState(false);
  if (!url || url === brokenUrl) return <>{fallback}</>;
  return (
    <img
      src={url}
      alt={alt}
      width={size}
      height={size}
      style={{ borderRadius: '50%', objectFit: 'cover', verticalAlign: 'middle', flex: 'none' }}
      onLoad={() => setAskedAgain(false)}
      onError={() => {
        setBrokenUrl(url);
        // Most likely the signed URL ran out while the page stayed open: ask for fresh ones, once until one loads.
        if (!askedAgain) {
          setAskedAgain(true);
          avatar.refresh();
        }
      }}
    />
  );
}
