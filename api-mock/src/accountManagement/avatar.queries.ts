import type { Transaction } from 'kysely';
import type { AvatarUrls } from '../../../contract/accountManagement';
import type { Database } from '../db/schema';
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

/** A user's avatar columns, locked until the transaction ends. */
export const lockedAvatarOf = (trx: Transaction<Database>, userId: number): Promise<AvatarColumns> =>
  trx
    .selectFrom('users')
    .select(['avatar_bucket_name', 'avatar_key', 'avatar_thumbnail_key'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();

/** Whether another user's avatar is made of one of these files. */
export async function avatarKeyHeldByOther(trx: Transaction<Database>, userId: number, keys: string[]) {
  const taken = await trx
    .selectFrom('users')
    .select('id')
    .where('id', '<>', userId)
    .where((eb) => eb.or([eb('avatar_key', 'in', keys), eb('avatar_thumbnail_key', 'in', keys)]))
    .executeTakeFirst();
  return taken !== undefined;
}

export async function setAvatarColumns(trx: Transaction<Database>, userId: number, avatar: AvatarColumns) {
  await trx.updateTable('users').set(avatar).where('id', '=', userId).execute();
}
