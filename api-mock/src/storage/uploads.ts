import type { Kysely } from 'kysely';
import {
  FILE_SIZE_MESSAGE,
  FILE_TYPE_MESSAGE,
  hasAllowedExtension,
  UPLOAD_LIMITS,
  type FileIdentifier,
  type UploadKind,
} from '../../../contract/images';
import type { Database } from '../db/schema';
import { badRequest, forbidden } from '../lib/problem';
import type { FileStorage } from './fileStorage';
import { storageIdentityOf } from './identity';
import { BUCKET_OF_FILE_TYPE, customerFolder, FILE_TYPE_OF_UPLOAD, keyBelongsTo } from './layout';

export interface UploadRefusals {
  /** The 403 detail of a file of another customer (and, without `otherPlace`, of one uploaded as another kind). */
  notOwn: string;
  /**
   * The 400 message of a file of the customer's uploaded as another kind (another bucket or folder). Documents
   * answer so; attachments answer such a file as `notOwn`.
   */
  otherPlace?: string;
  /** The 400 message of a file that is not in storage. */
  missing: (file: FileIdentifier) => string;
}

/**
 * The one check of the stored files a request registers to a record of `kind`: each is a file of the caller's
 * customer, uploaded as a file of the kind (its bucket and folder, an extension the kind takes), present in storage
 * and within the kind's size limit. Their sizes as stored.
 */
export async function storedUploadSizes(
  deps: { db: Kysely<Database>; storage: FileStorage },
  customerId: number,
  kind: UploadKind,
  files: readonly FileIdentifier[],
  refusals: UploadRefusals,
): Promise<number[]> {
  if (files.length === 0) return [];
  const fileType = FILE_TYPE_OF_UPLOAD[kind];
  const identity = await storageIdentityOf(deps.db, customerId);
  const folder = customerFolder(identity, fileType);
  const sizes: number[] = [];
  for (const file of files) {
    if (!keyBelongsTo(file.resourceKey, identity)) throw forbidden(refusals.notOwn);
    if (file.bucketName !== BUCKET_OF_FILE_TYPE[fileType] || !file.resourceKey.startsWith(folder)) {
      throw refusals.otherPlace ? badRequest(refusals.otherPlace) : forbidden(refusals.notOwn);
    }
    if (!hasAllowedExtension(kind, file.resourceKey)) throw badRequest(FILE_TYPE_MESSAGE);
    const size = await deps.storage.objectSize(file.bucketName, file.resourceKey);
    if (size === null) throw badRequest(refusals.missing(file));
    if (size > UPLOAD_LIMITS[kind].maxBytes) throw badRequest(FILE_SIZE_MESSAGE);
    sizes.push(size);
  }
  return sizes;
}
