import type { Kysely, Transaction } from 'kysely';
import type { FileIdentifier, NewEquipmentImage } from '../../../contract/images';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** The images of an instrument among `ids`. */
export function imagesOfEquipment(db: Db, customerId: number, equipmentId: number, ids: readonly number[]) {
  return db
    .selectFrom('equipment_images')
    .select(['id', 'is_default'])
    .where('id', 'in', ids)
    .where('equipment_id', '=', equipmentId)
    .where('customer_id', '=', customerId)
    .execute();
}

/** The instrument a stored file of the customer is an image (or thumbnail) of, or null. */
export async function equipmentOfImageFile(db: Db, customerId: number, file: FileIdentifier): Promise<number | null> {
  const row = await db
    .selectFrom('equipment_images')
    .select('equipment_id')
    .where('customer_id', '=', customerId)
    .where('bucket_name', '=', file.bucketName)
    .where((eb) => eb.or([eb('image_key', '=', file.resourceKey), eb('thumbnail_key', '=', file.resourceKey)]))
    .executeTakeFirst();
  return row?.equipment_id ?? null;
}

/** The default image of an instrument, or null. */
export async function currentDefault(db: Db, equipmentId: number): Promise<number | null> {
  const row = await db
    .selectFrom('equipment_images')
    .select('id')
    .where('equipment_id', '=', equipmentId)
    .where('is_default', '=', true)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Make one image the default; the unique index allows one default per equipment, so the old one goes first. */
export async function makeDefault(trx: Transaction<Database>, equipmentId: number, imageId: number): Promise<void> {
  await trx
    .updateTable('equipment_images')
    .set({ is_default: false })
    .where('equipment_id', '=', equipmentId)
    .where('is_default', '=', true)
    .execute();
  await trx.updateTable('equipment_images').set({ is_default: true }).where('id', '=', imageId).execute();
}

/** Whether any of these keys is already an image or thumbnail of the customer. */
export async function imageKeysTaken(trx: Transaction<Database>, customerId: number, keys: string[]) {
  const taken = await trx
    .selectFrom('equipment_images')
    .select('id')
    .where('customer_id', '=', customerId)
    .where((eb) => eb.or([eb('image_key', 'in', keys), eb('thumbnail_key', 'in', keys)]))
    .execute();
  return taken.length > 0;
}

/** Delete the images of an instrument among `ids`; the rows deleted. */
export function deleteImages(trx: Transaction<Database>, customerId: number, equipmentId: number, ids: number[]) {
  return trx
    .deleteFrom('equipment_images')
    .where('id', 'in', ids)
    .where('equipment_id', '=', equipmentId)
    .where('customer_id', '=', customerId)
    .returningAll()
    .execute();
}

/** Add an image to an instrument (not the default); its id. */
export async function insertImage(
  trx: Transaction<Database>,
  owner: { customerId: number; equipmentId: number; userId: number },
  image: NewEquipmentImage,
): Promise<number> {
  const added = await trx
    .insertInto('equipment_images')
    .values({
      customer_id: owner.customerId,
      equipment_id: owner.equipmentId,
      bucket_name: image.imageIdentifier.bucketName,
      image_key: image.imageIdentifier.resourceKey,
      thumbnail_key: image.thumbnailIdentifier.resourceKey,
      file_name: image.fileName,
      is_default: false,
      created_by: owner.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return added.id;
}

/** The oldest image of an instrument, or null. */
export async function firstImage(trx: Transaction<Database>, equipmentId: number): Promise<number | null> {
  const first = await trx
    .selectFrom('equipment_images')
    .select('id')
    .where('equipment_id', '=', equipmentId)
    .orderBy('id')
    .executeTakeFirst();
  return first?.id ?? null;
}
