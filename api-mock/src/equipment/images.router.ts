import { initServer } from '@ts-rest/fastify';
import type { Kysely, Transaction } from 'kysely';
import { equipmentContract } from '../../../contract/equipment';
import {
  FILE_SIZE_MESSAGE,
  FILE_TYPE_MESSAGE,
  IMAGE_EXTENSIONS,
  IMAGE_MAX_BYTES,
  fileExtension,
  type FileIdentifier,
  type InstrumentImageData,
  type NewEquipmentImage,
} from '../../../contract/images';
import { IMAGE_THUMBNAIL_WIDTH } from '../../../contract/limits';
import type { AppDeps } from '../deps';
import { requireActor, type Actor } from '../auth/actor';
import { appendEvent, type DomainEvent } from '../db/events';
import type { Database } from '../db/schema';
import { ok } from '../lib/envelope';
import { badRequest, forbidden, HttpProblem } from '../lib/problem';
import { findEquipment, loadEquipmentExtras, requireEquipment } from '../queries/equipment';
import { storageIdentityOf } from '../storage/identity';
import { storageOf } from '../storage';
import { photoFormatOf, pixelSizeOf, type PhotoFormat } from '../storage/imageFormat';
import { BUCKET_OF_FILE_TYPE, FILE_TYPE_OF_UPLOAD, customerFolder } from '../storage/layout';
import { registerFiles, releaseFiles } from '../storage/registry';
import { equipmentNotFound, equipmentScopeOf } from '../routes/equipmentAccess';

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

const notAnImageOfThisEquipment = (ids: number[]) =>
  new HttpProblem(404, `No image ${ids.join(', ')} on this equipment`);

export function equipmentImagesRoutes({ db, config }: AppDeps) {
  const storage = storageOf(config);

  /** The equipment as GET Equipment/{id} reaches it, or null (another customer's id finds nothing, nor a hidden one). */
  const equipmentOf = (actor: Actor, id: number) => findEquipment(db, equipmentScopeOf(actor), id);

  /** Check that a file is a stored object in the customer's equipment folder within the size limit; its head. */
  const storedFile = async (folder: string, file: FileIdentifier, headBytes: number): Promise<Buffer> => {
    if (file.bucketName !== IMAGE_BUCKET) throw badRequest(`Images are kept in the bucket ${IMAGE_BUCKET}`);
    if (!file.resourceKey.startsWith(folder)) throw forbidden('The file belongs to another customer or kind');
    if (!(IMAGE_EXTENSIONS as readonly string[]).includes(fileExtension(file.resourceKey))) {
      throw badRequest(FILE_TYPE_MESSAGE);
    }
    const size = await storage.objectSize(file.bucketName, file.resourceKey);
    if (size === null) throw badRequest(`The file ${file.resourceKey} has not been uploaded`);
    if (size > IMAGE_MAX_BYTES) throw badRequest(FILE_SIZE_MESSAGE);
    const head = await storage.readHead(file.bucketName, file.resourceKey, headBytes);
    if (!head) throw badRequest(`The file ${file.resourceKey} has not been uploaded`);
    return head;
  };

  /** The checks of one new image: both files uploaded, an accepted image, a PNG or JPEG thumbnail of 100 px at most. */
  const checkNewImage = async (folder: string, image: NewEquipmentImage) => {
    if (image.imageIdentifier.resourceKey === image.thumbnailIdentifier.resourceKey) {
      throw badRequest('The thumbnail must be a file of its own');
    }
    const head = await storedFile(folder, image.imageIdentifier, SNIFF_BYTES);
    if (!sniffImageFormat(head)) throw badRequest(FILE_TYPE_MESSAGE);
    const thumbnail = await storedFile(folder, image.thumbnailIdentifier, THUMBNAIL_HEADER_BYTES);
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

  /** Lock the equipment row, so two changes of its images (and of its default) follow one another. */
  const lockEquipment = (trx: Transaction<Database>, actor: Actor, equipmentId: number) =>
    requireEquipment(trx, actor, equipmentId, true);

  const currentDefault = async (trx: Kysely<Database>, equipmentId: number) =>
    (
      await trx
        .selectFrom('equipment_images')
        .select('id')
        .where('equipment_id', '=', equipmentId)
        .where('is_default', '=', true)
        .executeTakeFirst()
    )?.id ?? null;

  /** Make one image the default; the unique index allows one default per equipment, so the old one goes first. */
  const makeDefault = async (trx: Transaction<Database>, equipmentId: number, imageId: number) => {
    await trx
      .updateTable('equipment_images')
      .set({ is_default: false })
      .where('equipment_id', '=', equipmentId)
      .where('is_default', '=', true)
      .execute();
    await trx.updateTable('equipment_images').set({ is_default: true }).where('id', '=', imageId).execute();
  };

  const setDefaultImage = s.route(equipmentContract.setDefaultImage, async ({ request, params, body }) => {
    const actor = await requireActor(db, request);
    const equipment = await equipmentOf(actor, params.id);
    if (!equipment) return equipmentNotFound(params.id);
    await db.transaction().execute(async (trx) => {
      await lockEquipment(trx, actor, equipment.id);
      const image = await trx
        .selectFrom('equipment_images')
        .select(['id', 'is_default'])
        .where('id', '=', body.resourceId)
        .where('equipment_id', '=', equipment.id)
        .where('customer_id', '=', actor.customerId)
        .executeTakeFirst();
      if (!image) throw notAnImageOfThisEquipment([body.resourceId]);
      if (image.is_default) return;
      const before = await currentDefault(trx, equipment.id);
      await makeDefault(trx, equipment.id, image.id);
      await appendEvent(
        trx,
        imageEvent(actor, equipment.id, 'equipment.defaultImageChanged', { from: before, to: image.id }),
      );
    });
    return ok((await imageDataOf(equipment.id))!);
  });

  const updateImages = s.route(equipmentContract.updateImages, async ({ request, params, body }) => {
    const actor = await requireActor(db, request);
    const equipment = await equipmentOf(actor, params.id);
    if (!equipment) return equipmentNotFound(params.id);

    const flagged = body.addList.filter((image) => image.isDefault);
    if (flagged.length > 1) throw badRequest('At most one new image can be flagged default');
    const keys = body.addList.flatMap((i) => [i.imageIdentifier.resourceKey, i.thumbnailIdentifier.resourceKey]);
    if (new Set(keys).size !== keys.length) throw badRequest('Every image and thumbnail must be a file of its own');
    const folder = customerFolder(await storageIdentityOf(db, actor.customerId), IMAGE_FILE_TYPE);
    for (const image of body.addList) await checkNewImage(folder, image);
    const deleteIds = [...new Set(body.deleteList)];

    const removed = await db.transaction().execute(async (trx) => {
      await lockEquipment(trx, actor, equipment.id);
      if (keys.length > 0) {
        const taken = await trx
          .selectFrom('equipment_images')
          .select('id')
          .where('customer_id', '=', actor.customerId)
          .where((eb) => eb.or([eb('image_key', 'in', keys), eb('thumbnail_key', 'in', keys)]))
          .execute();
        if (taken.length > 0) throw badRequest('A file of the list is already registered as an image');
        await registerFiles(
          trx,
          storage,
          body.addList.flatMap((i) => [i.imageIdentifier, i.thumbnailIdentifier]),
          { customerId: actor.customerId, as: 'equipmentImage' },
        );
      }
      const before = await currentDefault(trx, equipment.id);

      const deleted =
        deleteIds.length === 0
          ? []
          : await trx
              .deleteFrom('equipment_images')
              .where('id', 'in', deleteIds)
              .where('equipment_id', '=', equipment.id)
              .where('customer_id', '=', actor.customerId)
              .returningAll()
              .execute();
      const missing = deleteIds.filter((id) => !deleted.some((d) => d.id === id));
      if (missing.length > 0) throw notAnImageOfThisEquipment(missing);
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
        const added = await trx
          .insertInto('equipment_images')
          .values({
            customer_id: actor.customerId,
            equipment_id: equipment.id,
            bucket_name: image.imageIdentifier.bucketName,
            image_key: image.imageIdentifier.resourceKey,
            thumbnail_key: image.thumbnailIdentifier.resourceKey,
            file_name: image.fileName,
            is_default: false,
            created_by: actor.userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (image.isDefault) flaggedId = added.id;
        await appendEvent(
          trx,
          imageEvent(actor, equipment.id, 'equipment.imageAdded', {
            resourceId: added.id,
            fileName: image.fileName,
            imageIdentifier: image.imageIdentifier,
            thumbnailIdentifier: image.thumbnailIdentifier,
          }),
        );
      }

      const stillThere = before !== null && !deleteIds.includes(before);
      const first = await trx
        .selectFrom('equipment_images')
        .select('id')
        .where('equipment_id', '=', equipment.id)
        .orderBy('id')
        .executeTakeFirst();
      const after = flaggedId ?? (stillThere ? before : (first?.id ?? null));
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
