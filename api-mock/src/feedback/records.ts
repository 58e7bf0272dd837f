import { FEEDBACK_REFUSAL, type FeedbackRequest } from '../../../contract/feedback';
import { FILE_SIZE_MESSAGE, FILE_TYPE_MESSAGE, hasAllowedExtension, UPLOAD_LIMITS } from '../../../contract/images';
import type { Actor } from '../access/actor';
import type { AppDeps } from '../deps';
import { badRequest, forbidden } from '../lib/problem';
import { storageIdentityOf } from '../storage/identity';
import { storageOf } from '../storage';
import { BUCKET_OF_FILE_TYPE, customerFolder, FILE_TYPE_OF_UPLOAD } from '../storage/layout';

const ATTACHMENT_KIND = 'FeedbackAttachment';
const ATTACHMENT_BUCKET = BUCKET_OF_FILE_TYPE[FILE_TYPE_OF_UPLOAD[ATTACHMENT_KIND]];

/**
 * The attachments must be feedback files uploaded into the caller's customer folder, present in storage and within
 * the size limit. Answers the stored sizes.
 */
export async function checkAttachments(
  deps: AppDeps,
  actor: Actor,
  files: FeedbackRequest['attachFiles'],
): Promise<number[]> {
  if (files.length === 0) return [];
  const folder = customerFolder(
    await storageIdentityOf(deps.db, actor.customerId),
    FILE_TYPE_OF_UPLOAD[ATTACHMENT_KIND],
  );
  const storage = storageOf(deps.config);
  const sizes: number[] = [];
  for (const file of files) {
    if (!hasAllowedExtension(ATTACHMENT_KIND, file.resourceKey)) throw badRequest(FILE_TYPE_MESSAGE);
    if (file.bucketName !== ATTACHMENT_BUCKET || !file.resourceKey.startsWith(folder)) {
      // A file of another customer, or one not uploaded as a feedback attachment.
      throw forbidden('The attachment is not a feedback file of this customer');
    }
    const size = await storage.objectSize(file.bucketName, file.resourceKey);
    if (size === null) throw badRequest(FEEDBACK_REFUSAL.attachmentMissing);
    if (size > UPLOAD_LIMITS[ATTACHMENT_KIND].maxBytes) throw badRequest(FILE_SIZE_MESSAGE);
    sizes.push(size);
  }
  return sizes;
}
