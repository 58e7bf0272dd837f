import { initServer } from '@ts-rest/fastify';
import { equipmentContract } from '../../../contract/equipment';
import {
  FILE_TYPE_MESSAGE,
  type FileIdentifier,
  type InstrumentImageData,
  type NewEquipmentImage,
} from '../../../contract/images';
import { IMAGE_THUMBNAIL_WIDTH } from '../../../contract/limits';
import type { AppDeps } from '../deps';
import { actorOf, type Actor } from '../access/actor';
import { appendEvent, type DomainEvent } from '../db/events';
import { ok } from '../lib/envelope';
import { badRequest } from '../lib/problem';
import { loadEquipmentExtras } from './queries';
import { requireEquipment } from './records';
import { storageOf } from '../storage';
import { photoFormatOf, pixelSizeOf, type PhotoFormat } from '../storage/imageFormat';
import { BUCKET_OF_FILE_TYPE, FILE_TYPE_OF_UPLOAD } from '../storage/layout';
import { registerFiles, releaseFiles } from '../storage/registry';
import { storedUploadSizes } from '../storage/uploads';
import { currentDefault, deleteImages, firstImage, imageKeysTaken, insertImage, makeDefault } from './images.queries';
import { requireEquipmentImages } from './images.records';

const s = initServer();

/*
 * Images of an equipment (spec 2 sections 3, 4, 5 and 7). The browser uploads the image and its 100 px thumbnail
 * through signed URLs (images/router.ts), then registers them here. Default rules (spec 2 section 4): the first
 * image uploaded, or one flagged default, becomes the default; deleting the default makes the first remaining
 * image (the oldest) the default; once the last image is deleted the equipment has no image data (null).
 */

const IMAGE_FILE_TYPE = FILE_TYPE_OF_UPLOAD.EquipmentImage;
const IMAGE_BUCKET = BUCKET_OF_FILE_TYPE[IMAGE_FILE_TYPE];

/** The start of a file enough to tell its format. */
const SNIFF_BYTES = 16;
/** A thumbnail's dimensions must appear within this many bytes (a canvas writes them in its first header). */
const THUMBNAIL_HEADER_BYTES = 256 * 1024;

type ImageFormat = PhotoFormat | 'gif' | 'bmp';

/** The format of an image file from its first bytes, or null when it is none of the accepted ones. */
function sniffImageFormat(head: Buffer): ImageFormat | null {
  const photo = photoFormatOf(head);
  if (photo) return photo;
  const ascii = head.subarray(0, 6).toString('latin1');
  if (ascii === 'GIF87a' || ascii === 'GIF89a') return 'gif';
  if (ascii.startsWith('BM') && head.length >= 14) return 'bmp';
  return null;
}

const imageEvent = (actor: Actor, equipmentId: number, eventType: string, payload: unknown): DomainEvent => ({
  customerId: actor.customerId,
  actorId: actor.userId,
  entityType: 'equipment',
  entityId: equipmentId,
  eventType,
  payload,
});

export function equipmentImagesRoutes({ db, config }: AppDeps) {
  const storage = storageOf(config);

  /** Check that a file is an image upload of the customer, present and within the size limit; its head. */
  const storedFile = async (file: FileIdentifier, customerId: number, headBytes: number): Promise<Buffer> => {
    await storedUploadSizes({ db, storage }, customerId, 'EquipmentImage', [file], {
      notOwn: 'The file belongs to another customer or kind',
      otherPlace: `Images are kept in the bucket ${IMAGE_BUCKET}`,
      missing: (missing) => `The file ${missing.resourceKey} has not been uploaded`,
    });
    const head = await storage.readHead(file.bucketName, file.resourceKey, headBytes);
    if (!head) throw badRequest(`The file ${file.resourceKey} has not been uploaded`);
    return head;
  };

  /** The checks of one new image: both files uploaded, an accepted image, a PNG or JPEG thumbnail of 100 px at most. */
  const checkNewImage = async (customerId: number, image: NewEquipmentImage) => {
    if (image.imageIdentifier.resourceKey === image.thumbnailIdentifier.resourceKey) {
      throw badRequest('The thumbnail must be a file of its own');
    }
    const head = await storedFile(image.imageIdentifier, customerId, SNIFF_BYTES);
    if (!sniffImageFormat(head)) throw badRequest(FILE_TYPE_MESSAGE);
    const thumbnail = await storedFile(image.thumbnailIdentifier, customerId, THUMBNAIL_HEADER_BYTES);
    const format = photoFormatOf(thumbnail);
    const size = format ? pixelSizeOf(format, thumbnail) : null;
    if (!size || size.width < 1 || size.height < 1) throw badRequest('The thumbnail must be a PNG or JPEG image');
    if (size.width > IMAGE_THUMBNAIL_WIDTH) {
      throw badRequest(`The thumbnail is ${size.width} px wide; at most ${IMAGE_THUMBNAIL_WIDTH} px`);
    }
  };

  /** The images of an equipment as the API answers them; null when it has none. */
  const imageDataOf = async (equipmentId: number): Promise<InstrumentImageData | null> =>
    (await loadEquipmentExtras(db, [equipmentId])).images.get(equipmentId) ?? null;

  const setDefaultImage = s.route(equipmentContract.setDefaultImage, async ({ request, params, body }) => {
    const actor = actorOf(request);
    await requireEquipment(db, actor, params.id);
    await db.transaction().execute(async (trx) => {
      const [image] = await requireEquipmentImages(trx, actor, params.id, [body.resourceId], true);
      if (image!.is_default) return;
      const before = await currentDefault(trx, params.id);
      await makeDefault(trx, params.id, image!.id);
      await appendEvent(
        trx,
        imageEvent(actor, params.id, 'equipment.defaultImageChanged', { from: before, to: image!.id }),
      );
    });
    return ok((await imageDataOf(params.id))!);
  });

  const updateImages = s.route(equipmentContract.updateImages, async ({ request, params, body }) => {
    const actor = actorOf(request);
    await requireEquipment(db, actor, params.id);
    const equipment = { id: params.id };

    const flagged = body.addList.filter((image) => image.isDefault);
    if (flagged.length > 1) throw badRequest('At most one new image can be flagged default');
    const keys = body.addList.flatMap((i) => [i.imageIdentifier.resourceKey, i.thumbnailIdentifier.resourceKey]);
    if (new Set(keys).size !== keys.length) throw badRequest('Every image and thumbnail must be a file of its own');
    for (const image of body.addList) await checkNewImage(actor.customerId, image);
    const deleteIds = [...new Set(body.deleteList)];

    const removed = await db.transaction().execute(async (trx) => {
      await requireEquipmentImages(trx, actor, equipment.id, deleteIds, true);
      if (keys.length > 0) {
        if (await imageKeysTaken(trx, actor.customerId, keys))
          throw badRequest('A file of the list is already registered as an image');
        await registerFiles(
          trx,
          storage,
          body.addList.flatMap((i) => [i.imageIdentifier, i.thumbnailIdentifier]),
          { customerId: actor.customerId, as: 'equipmentImage' },
        );
      }
      const before = await currentDefault(trx, equipment.id);

      const deleted = deleteIds.length === 0 ? [] : await deleteImages(trx, actor.customerId, equipment.id, deleteIds);
      await releaseFiles(
        trx,
        deleted.flatMap((d) =>
          [d.image_key, d.thumbnail_key].map((key) => ({ bucketName: d.bucket_name, resourceKey: key })),
        ),
      );
      for (const image of deleted) {
        await appendEvent(
          trx,
          imageEvent(actor, equipment.id, 'equipment.imageDeleted', {
            resourceId: image.id,
            fileName: image.file_name,
          }),
        );
      }

      let flaggedId: number | null = null;
      for (const image of body.addList) {
        const addedId = await insertImage(
          trx,
          { customerId: actor.customerId, equipmentId: equipment.id, userId: actor.userId },
          image,
        );
        if (image.isDefault) flaggedId = addedId;
        await appendEvent(
          trx,
          imageEvent(actor, equipment.id, 'equipment.imageAdded', {
            resourceId: addedId,
            fileName: image.fileName,
            imageIdentifier: image.imageIdentifier,
            thumbnailIdentifier: image.thumbnailIdentifier,
          }),
        );
      }

      const stillThere = before !== null && !deleteIds.includes(before);
      const after = flaggedId ?? (stillThere ? before : await firstImage(trx, equipment.id));
      if (after !== null && after !== before) await makeDefault(trx, equipment.id, after);
      if (after !== before) {
        await appendEvent(
          trx,
          imageEvent(actor, equipment.id, 'equipment.defaultImageChanged', { from: before, to: after }),
        );
      }
      return deleted;
    });
    // The files of deleted images go once the deletion has committed; a file left behind only costs space.
    for (const image of removed) {
      for (const key of [image.image_key, image.thumbnail_key]) {
        await storage.deleteObject(image.bucket_name, key).catch((error: unknown) => {
          request.log.warn({ err: error, key }, 'a file of a deleted image could not be removed');
        });
      }
    }
    return ok(await imageDataOf(equipment.id));
  });

  return { setDefaultImage, updateImages };
}
