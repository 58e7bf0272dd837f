import {
  FILE_SIZE_MESSAGE,
  FILE_TYPE_MESSAGE,
  hasAllowedExtension,
  UPLOAD_LIMITS,
  type FileIdentifier,
  type UploadKind,
} from '../../../contract/images';
import type { Actor } from '../auth/actor';
import type { AppDeps } from '../deps';
import { badRequest, forbidden } from '../lib/problem';
import { storageIdentityOf } from './identity';
import { storageOf } from './index';
import { BUCKET_OF_FILE_TYPE, customerFolder, FILE_TYPE_OF_UPLOAD } from './layout';

export interface AttachmentRefusals {
  /** The 400 message of a file that is not in storage. */
  missing: string;
  /** The 403 detail of a file of another customer, or one not uploaded as this kind. */
  notOwn: string;
}

/**
 * The stored sizes of the files attached to a request: each must be a file uploaded as `kind` into the caller's
 * customer folder, present in storage and within the size limit of the kind.
 */
export async function attachmentSizes(
  deps: AppDeps,
  actor: Actor,
  kind: UploadKind,
  files: readonly FileIdentifier[],
  refusals: AttachmentRefusals,
): Promise<number[]> {
  if (files.length === 0) return [];
  const fileType = FILE_TYPE_OF_UPLOAD[kind];
  const folder = customerFolder(await storageIdentityOf(deps.db, actor.customerId), fileType);
  const storage = storageOf(deps.config);
  const sizes: number[] = [];
  for (const file of files) {
    if (!hasAllowedExtension(kind, file.resourceKey)) throw badRequest(FILE_TYPE_MESSAGE);
    if (file.bucketName !== BUCKET_OF_FILE_TYPE[fileType] || !file.resourceKey.startsWith(folder)) {
      throw forbidden(refusals.notOwn);
    }
    const size = await storage.objectSize(file.bucketName, file.resourceKey);
    if (size === null) throw badRequest(refusals.missing);
    if (size > UPLOAD_LIMITS[kind].maxBytes) throw badRequest(FILE_SIZE_MESSAGE);
    sizes.push(size);
  }
  return sizes;
}
