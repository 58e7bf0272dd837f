import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AvatarUrls } from '../../../../../contract/accountManagement';
import { SIGNED_URL_SECONDS } from '../../../../../contract/images';
import { client, resultOf } from '../../../lib/api';
import { useCurrentSession } from '../../../lib/currentUser';
import { ownAvatarKeys } from './accountKeys';

/** Signed URLs are good for their lifetime (spec 1 section 7), less a minute so an image never loads expired. */
const SIGNED_URL_CACHE_MS = (SIGNED_URL_SECONDS - 60) * 1000;

const urlsOf = ({ avatarUrl, avatarThumbnailUrl }: AvatarUrls): AvatarUrls => ({ avatarUrl, avatarThumbnailUrl });

/**
 * The signed-in user's avatar URLs. They start from the user the portal loaded; the URLs are signed downloads that
 * run out, so once they are old (or an image fails to load) the user is asked for again.
 */
export function useOwnAvatar(): AvatarUrls & { refresh: () => void } {
  const { user } = useCurrentSession();
  const queryClient = useQueryClient();
  const key = ownAvatarKeys.of(user.userId);
  const avatar = useQuery({
    queryKey: key,
    queryFn: async () => urlsOf(await resultOf(client.users.me({ silent: true }))),
    initialData: () => urlsOf(user),
    staleTime: SIGNED_URL_CACHE_MS,
    refetchOnWindowFocus: true,
  });
  return { ...avatar.data, refresh: () => void queryClient.invalidateQueries({ queryKey: key }) };
}
