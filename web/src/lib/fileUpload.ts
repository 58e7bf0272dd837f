import type { FileIdentifier, UploadKind, UploadUrl } from '../../../contract/images';
import { client, resultOf } from './api';

/** Sent when the browser cannot tell a file's type; the server accepts it for every allowed extension. */
export const GENERIC_CONTENT_TYPE = 'application/octet-stream';

/** The bytes sent to or fetched from a signed URL did not arrive: the store's HTTP status (0: no answer). */
export class TransferFailure extends Error {
  constructor(readonly status: number | 'aborted') {
    super(`transfer failed: ${status}`);
  }
}

/** A picked file: bytes with the name they are stored under. */
export type NamedBlob = Blob & { readonly name: string };

export interface UploadProgress {
  /** Bytes sent so far. */
  sent: number;
  /** Whole percent of the file sent. */
  percent: number;
}

export interface UploadOptions {
  /** Bucket, folder and limits the file goes to. */
  kind: UploadKind;
  /** Aborting it stops the transfer. */
  signal: AbortSignal;
  /** Called as bytes go out, and with the whole file once the store has kept it. */
  onProgress?: (progress: UploadProgress) => void;
  /** The type to send; by default the file's own, or a generic one where the browser cannot tell. */
  contentType?: string;
  /** One of several uploads started at once: asking for its URL may not cancel asking for another's. */
  concurrent?: boolean;
}

/**
 * Uploads a file to storage through a pre-signed URL: asks for the URL of its kind, PUTs the bytes there with
 * progress, and answers where the file is now, for the call that registers it.
 */
export async function uploadFile(file: NamedBlob, options: UploadOptions): Promise<FileIdentifier> {
  const target = await resultOf(
    client.images.requestUploadUrl({
      body: {
        fileName: file.name,
        contentType: options.contentType ?? (file.type || GENERIC_CONTENT_TYPE),
        size: file.size,
        fileType: options.kind,
      },
      silent: true,
      ignoreCancel: options.concurrent,
    }),
  );
  const report = options.onProgress;
  await putFile(target, file, (sent) => report?.({ sent, percent: wholePercent(sent, file.size) }), options.signal);
  return { resourceKey: target.resourceKey, bucketName: target.bucketName };
}

const wholePercent = (sent: number, size: number) => (size > 0 ? Math.min(100, Math.floor((sent / size) * 100)) : 100);

/** PUT the bytes to the signed URL with its headers, reporting bytes sent; the store answers 2xx when it kept them. */
function putFile(upload: UploadUrl, body: Blob, onProgress: (sent: number) => void, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(upload.method, upload.uploadUrl);
    for (const [name, value] of Object.entries(upload.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(body.size);
        resolve();
      } else reject(new TransferFailure(xhr.status));
    };
    xhr.onerror = () => reject(new TransferFailure(0));
    xhr.onabort = () => reject(new TransferFailure('aborted'));
    if (signal.aborted) return reject(new TransferFailure('aborted'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
