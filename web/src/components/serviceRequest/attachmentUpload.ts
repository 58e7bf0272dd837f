import type { UploadKind } from '../../../../contract/images';
import type { ServiceRequestAttachment } from '../../../../contract/serviceCalls';
import { uploadFile } from '../../lib/fileUpload';

export const ATTACHMENT_UPLOAD_KIND: UploadKind = 'ServiceRequestAttachment';

/**
 * Uploads the attachment to storage through a pre-signed URL (spec 2 section 7: "uploaded to storage first") and
 * answers it as the request carries it.
 */
export async function uploadAttachment(
  file: File,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<ServiceRequestAttachment> {
  const identifier = await uploadFile(file, {
    kind: ATTACHMENT_UPLOAD_KIND,
    signal,
    onProgress: ({ percent }) => onProgress(percent),
  });
  return { ...identifier, fileName: file.name, size: file.size };
}
