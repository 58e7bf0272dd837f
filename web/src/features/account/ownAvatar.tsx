import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AvatarUrls } from '../../../../contract/accountManagement';
import { SIGNED_URL_SECONDS } from '../../../../contract/images';
import { client, resultOf } from '../../lib/api';
import { useCurrentSession } from '../../lib/currentUser';

/** Signed URLs are good for their lifetime (spec 1 section 7), less a minute so an image never loads expired. */
const SIGNED_URL_CACHE_MS = (SIGNED_URL_SECONDS - 60) * 1000;

/** Query key of the signed-in user's avatar URLs; the upload writes its answer here. */
export const ownAvatarKey = (userId: number) => ['ownAvatar', userId] as const;

const urlsOf = ({ avatarUrl, avatarThumbnailUrl }: AvatarUrls): AvatarUrls => ({ avatarUrl, avatarThumbnailUrl });

/**
 * The signed-in user's avatar URLs. They start from the user the portal loaded; the URLs are signed downloads that
 * run out, so once they are old (or an image fails to load) the user is asked for again.
 */
export function useOwnAvatar(): AvatarUrls & { refresh: () => void } {
  const { user } = useCurrentSession();
  const queryClient = useQueryClient();
  const key = ownAvatarKey(user.userId);
  const avatar = useQuery({
    queryKey: key,
    queryFn: async () => urlsOf(await resultOf(client.users.me({ silent: true }))),
    initialData: () => urlsOf(user),
    staleTime: SIGNED_URL_CACHE_MS,
    refetchOnWindowFocus: true,
  });
  return { ...avatar.data, refresh: () => void queryClient.invalidateQueries({ queryKey: key }) };
}

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
