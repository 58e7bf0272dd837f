import type { FileIdentifier, UploadKind, UploadUrl } from '../../../contract/images';
import { client, resultOf } from '../lib/api';

/** Sent when the browser cannot tell a file's type; the server accepts it for every allowed extension. */
const GENERIC_CONTENT_TYPE = 'application/octet-stream';

/** The byte upload to the signed URL failed with this HTTP status (0: no answer). */
export class StorageUploadFailure extends Error {
  constructor(readonly status: number | 'aborted') {
    super(`upload failed: ${status}`);
  }
}

/** A file in storage as requests carry it. */
export interface StoredFile extends FileIdentifier {
  fileName: string;
  size: number;
}

/** PUT the bytes to the signed URL with its headers, reporting whole percents; the store answers 2xx when kept. */
function putFile(upload: UploadUrl, file: File, onProgress: (percent: number) => void, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(upload.method, upload.uploadUrl);
    for (const [name, value] of Object.entries(upload.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.floor((e.loaded / e.total) * 100));
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new StorageUploadFailure(xhr.status));
    xhr.onerror = () => reject(new StorageUploadFailure(0));
    xhr.onabort = () => reject(new StorageUploadFailure('aborted'));
    if (signal.aborted) return reject(new StorageUploadFailure('aborted'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/**
 * Uploads one file of a kind to storage through a pre-signed URL (spec 1 section 7 "File storage"): the server signs
 * a key in the customer's folder for the kind, the bytes go straight to the store. Answers the file as requests
 * carry it. The signing call is silent: the caller says what went wrong.
 */
export async function uploadToStorage(
  kind: UploadKind,
  file: File,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<StoredFile> {
  const target = await resultOf(
    client.images.requestUploadUrl({
      body: { fileName: file.name, contentType: file.type || GENERIC_CONTENT_TYPE, size: file.size, fileType: kind },
      silent: true,
    }),
  );
  await putFile(target, file, onProgress, signal);
  return { resourceKey: target.resourceKey, bucketName: target.bucketName, fileName: file.name, size: file.size };
}
