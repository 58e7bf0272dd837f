import type { AvatarUrls } from '../../../contract/accountManagement';
import type { FileStorage } from '../storage';

/** The avatar columns of a user row. */
export interface AvatarColumns {
  avatar_bucket_name: string | null;
  avatar_key: string | null;
  avatar_thumbnail_key: string | null;
}

export const NO_AVATAR: AvatarUrls = { avatarUrl: null, avatarThumbnailUrl: null };

/**
 * A user's avatar as URLs the browser loads directly: pre-signed downloads from the file store, like every other
 * file of the portal (valid 1800 s; the client asks again for the user when they have run out). Both null
 * without an avatar.
 */
export async function avatarUrlsOf(storage: FileStorage, user: AvatarColumns): Promise<AvatarUrls> {
  const { avatar_bucket_name: bucket, avatar_key: key, avatar_thumbnail_key: thumbnailKey } = user;
  if (!bucket || !key || !thumbnailKey) return NO_AVATAR;
  const [image, thumbnail] = await Promise.all([
    storage.presignDownload({ bucket, key }),
    storage.presignDownload({ bucket, key: thumbnailKey }),
  ]);
  return { avatarUrl: image.url, avatarThumbnailUrl: thumbnail.url };
}
