import type { Kysely, Transaction } from 'kysely';
import type { FileIdentifier } from '../../../contract/images';
import type { Actor } from '../access/actor';
import type { Database } from '../db/schema';
import { HttpProblem } from '../lib/problem';
import { requireEquipment } from './records';
import { equipmentOfImageFile, imagesOfEquipment } from './images.queries';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The record check of an instrument's images: the instrument check (10002; in a transaction with `lock` its row stays
 * locked, so two changes of its images follow one another), and every id one of its images (404 otherwise). The
 * images found.
 */
export async function requireEquipmentImages(
  db: Db,
  actor: Pick<Actor, 'customerId' | 'isPEUser'>,
  equipmentId: number,
  ids: readonly number[],
  lock = false,
) {
  await requireEquipment(db, actor, equipmentId, lock);
  const unique = [...new Set(ids)];
  const found = unique.length === 0 ? [] : await imagesOfEquipment(db, actor.customerId, equipmentId, unique);
  const missing = unique.filter((id) => !found.some((image) => image.id === id));
  if (missing.length > 0) throw new HttpProblem(404, `No image ${missing.join(', ')} on this equipment`);
  return found;
}

/** A stored file that is an image (or thumbnail) of an instrument is read as the instrument is reached. */
export async function requireImageFile(db: Db, actor: Actor, file: FileIdentifier): Promise<void> {
  const equipmentId = await equipmentOfImageFile(db, actor.customerId, file);
  if (equipmentId !== null) await requireEquipment(db, actor, equipmentId);
}
