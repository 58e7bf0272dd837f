import type { Kysely } from 'kysely';
import type { FileIdentifier } from '../../../contract/images';
import type { Actor } from '../access/actor';
import type { Database } from '../db/schema';
import { requireDocumentFile } from '../documents/records';
import { requireImageFile } from '../equipment/images.records';
import { badRequest, forbidden, notFound } from '../lib/problem';
import { storageIdentityOf } from '../storage/identity';
import { isKnownBucket, keyBelongsTo } from '../storage/layout';
import { registeredFile } from '../storage/registry';

/**
 * The record check of stored files asked for download: each lies in the caller's customer folder and is registered
 * to a record of the customer, and is read as that record is: a document as its owner is reached, an instrument's
 * image as the instrument is (a hidden one by provider staff only); a message attachment through its message only,
 * which checks the inbox, so a colleague's is not signed here.
 */
export async function requireReadableFiles(db: Kysely<Database>, actor: Actor, files: FileIdentifier[]) {
  const identity = await storageIdentityOf(db, actor.customerId);
  for (const file of files) {
    if (!isKnownBucket(file.bucketName)) throw badRequest(`Unknown bucket ${file.bucketName}`);
    if (!keyBelongsTo(file.resourceKey, identity)) throw forbidden('The file belongs to another customer');
  }
  for (const file of files) {
    const registered = await registeredFile(db, file, actor.customerId);
    if (!registered) throw notFound();
    if (registered.registered_as === 'messageAttachment') {
      throw forbidden('A message attachment is read with its message');
    }
    if (registered.registered_as === 'document') await requireDocumentFile(db, actor, file);
    if (registered.registered_as === 'equipmentImage') await requireImageFile(db, actor, file);
  }
}
