import { initServer } from '@ts-rest/fastify';
import { accountManagementContract } from '../../../contract/accountManagement';
import { MessageKey } from '../../../contract/errors';
import { fileExtension, type FileIdentifier } from '../../../contract/images';
import { AVATAR_MAX_BYTES, AVATAR_THUMBNAIL_SIZE } from '../../../contract/limits';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { change } from '../db/events';
import { ok } from '../lib/envelope';
import { badRequest } from '../lib/problem';
import { avatarUrlsOf, lockedAvatarOf, setAvatarColumns } from './avatar.queries';
import { requireAvatarFilesFree, requireInAvatarFolder } from './records';
import { storageIdentityOf } from '../storage/identity';
import { storageOf } from '../storage';
import { photoFormatOf, pixelSizeOf, type PhotoFormat } from '../storage/imageFormat';
import { BUCKET_OF_FILE_TYPE, FILE_TYPE_OF_UPLOAD, customerFolder } from '../storage/layout';
import { registerFiles, releaseFiles } from '../storage/registry';

const s = initServer();

/*
 * The signed-in user's avatar (spec 3 sections 2, 5 and 7). The browser uploads the image and its 64 px square
 * thumbnail through signed URLs (images/router.ts, upload kind Avatar), then sets them here. The files are
 * checked where they lie: in the caller's customer folder, JPEG or PNG by their bytes (the extension must say the
 * same), under 5 MB, the thumbnail 64 x 64, and no other user's avatar. The old files go once the change is saved.
 */

const AVATAR_FILE_TYPE = FILE_TYPE_OF_UPLOAD.Avatar;
const AVATAR_BUCKET = BUCKET_OF_FILE_TYPE[AVATAR_FILE_TYPE];
/** Enough bytes to tell PNG from JPEG. */
const SIGNATURE_BYTES = 16;
/** A thumbnail's pixel size must appear within this many bytes (a canvas writes it in its first header). */
const THUMBNAIL_HEADER_BYTES = 64 * 1024;

const FORMAT_OF_EXTENSION: Readonly<Record<string, PhotoFormat>> = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg' };

export function avatarRoutes({ db, config }: AppDeps) {
  const storage = storageOf(config);

  /** A stored avatar file of the caller's folder within the size limit, of the format its extension names; its head. */
  const storedPhoto = async (folder: string, file: FileIdentifier, headBytes: number) => {
    if (file.bucketName !== AVATAR_BUCKET) throw badRequest(`Avatars are kept in the bucket ${AVATAR_BUCKET}`);
    requireInAvatarFolder(folder, file);
    const size = await storage.objectSize(file.bucketName, file.resourceKey);
    if (size === null) throw badRequest(`The file ${file.resourceKey} has not been uploaded`);
    if (size > AVATAR_MAX_BYTES) throw badRequest(MessageKey.attachSmallerMaxSize);
    const head = await storage.readHead(file.bucketName, file.resourceKey, headBytes);
    if (!head) throw badRequest(`The file ${file.resourceKey} has not been uploaded`);
    const format = photoFormatOf(head);
    if (!format || format !== FORMAT_OF_EXTENSION[fileExtension(file.resourceKey)]) {
      throw badRequest(MessageKey.imageTypeLimit);
    }
    return { head, format };
  };

  const uploadAvatar = s.route(accountManagementContract.uploadAvatar, async ({ request, body }) => {
    const actor = actorOf(request);
    const { image, thumbnail } = body;
    if (image.resourceKey === thumbnail.resourceKey) throw badRequest('The thumbnail must be a file of its own');
    const folder = customerFolder(await storageIdentityOf(db, actor.customerId), AVATAR_FILE_TYPE);
    await storedPhoto(folder, image, SIGNATURE_BYTES);
    const small = await storedPhoto(folder, thumbnail, THUMBNAIL_HEADER_BYTES);
    const size = pixelSizeOf(small.format, small.head);
    if (size?.width !== AVATAR_THUMBNAIL_SIZE || size.height !== AVATAR_THUMBNAIL_SIZE) {
      throw badRequest(`The thumbnail must be ${AVATAR_THUMBNAIL_SIZE} x ${AVATAR_THUMBNAIL_SIZE} px`);
    }
    const keys = [image.resourceKey, thumbnail.resourceKey];

    const previous = await change(db, async (trx) => {
      const before = await lockedAvatarOf(trx, actor.userId);
      await requireAvatarFilesFree(trx, actor, keys);
      const kept = [before.avatar_key, before.avatar_thumbnail_key];
      const added = [image, thumbnail].filter((file) => !kept.includes(file.resourceKey));
      await registerFiles(trx, storage, added, { customerId: actor.customerId, as: 'avatar' });
      if (before.avatar_bucket_name) {
        const replaced = [before.avatar_key, before.avatar_thumbnail_key].filter(
          (key): key is string => key !== null && !keys.includes(key),
        );
        await releaseFiles(
          trx,
          replaced.map((key) => ({ bucketName: before.avatar_bucket_name!, resourceKey: key })),
        );
      }
      await setAvatarColumns(trx, actor.userId, {
        avatar_bucket_name: AVATAR_BUCKET,
        avatar_key: image.resourceKey,
        avatar_thumbnail_key: thumbnail.resourceKey,
      });
      const had = before.avatar_bucket_name && before.avatar_key && before.avatar_thumbnail_key;
      return {
        result: before,
        event: {
          customerId: actor.customerId,
          actorId: actor.userId,
          entityType: 'user',
          entityId: actor.userId,
          eventType: 'user.avatarChanged',
          payload: {
            image,
            thumbnail,
            previous: had
              ? {
                  image: { bucketName: before.avatar_bucket_name, resourceKey: before.avatar_key },
                  thumbnail: { bucketName: before.avatar_bucket_name, resourceKey: before.avatar_thumbnail_key },
                }
              : null,
          },
        },
      };
    });

    // The old files go once the change has committed; one left behind only costs space.
    if (previous.avatar_bucket_name) {
      for (const key of [previous.avatar_key, previous.avatar_thumbnail_key]) {
        if (!key || keys.includes(key)) continue;
        await storage.deleteObject(previous.avatar_bucket_name, key).catch((error: unknown) => {
          request.log.warn({ err: error, key }, 'a file of a replaced avatar could not be removed');
        });
      }
    }
    return ok(
      await avatarUrlsOf(storage, {
        avatar_bucket_name: AVATAR_BUCKET,
        avatar_key: image.resourceKey,
        avatar_thumbnail_key: thumbnail.resourceKey,
      }),
    );
  });

  return { uploadAvatar };
}
