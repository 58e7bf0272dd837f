import type { UploadKind, UploadUrl } from '../../../../../contract/images';
import type { ServiceRequestAttachment } from '../../../../../contract/serviceCalls';
import { client, resultOf } from '../../../lib/api';

export const ATTACHMENT_UPLOAD_KIND: UploadKind = 'ServiceRequestAttachment';
/** Sent when the browser cannot tell a file's type; the server accepts it for every allowed extension. */
const GENERIC_CONTENT_TYPE = 'application/octet-stream';

/** The byte upload to the signed URL failed with this HTTP status (0: no answer). */
export class UploadFailure extends Error {
  constructor(readonly status: number | 'aborted') {
    super(`upload failed: ${status}`);
  }
}

/** PUT the bytes to the signed URL with its headers, reporting whole percents; the store answers 2xx when kept. */
function putFile(upload: UploadUrl, file: File, onProgress: (percent: number) => void, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(upload.method, upload.uploadUrl);
    for (const [name, value] of Object.entries(upload.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.floor((e.loaded / e.total) * 100));
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new UploadFailure(xhr.status)));
    xhr.onerror = () => reject(new UploadFailure(0));
    xhr.onabort = () => reject(new UploadFailure('aborted'));
    if (signal.aborted) return reject(new UploadFailure('aborted'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/**
 * Uploads the attachment to storage through a pre-signed URL (spec 2 section 7: "uploaded to storage first") and
 * answers it as the request carries it.
 */
export async function uploadAttachment(
  file: File,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<ServiceRequestAttachment> {
  const target = await resultOf(
    client.images.requestUploadUrl({
      body: {
        fileName: file.name,
        contentType: file.type || GENERIC_CONTENT_TYPE,
        size: file.size,
        fileType: ATTACHMENT_UPLOAD_KIND,
      },
      silent: true,
    }),
  );
  await putFile(target, file, onProgress, signal);
  return { resourceKey: target.resourceKey, bucketName: target.bucketName, fileName: file.name, size: file.size };
}
