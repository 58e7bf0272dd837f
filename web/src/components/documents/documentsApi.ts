import { fromCallback } from 'xstate';
import {
  toDocumentJson,
  type Document,
  type DocumentFile,
  type DocumentOwnerType,
  type DocumentUpload,
} from '../../../../contract/documents';
import type { UploadKind } from '../../../../contract/images';
import type { DocumentUploadEvent, PendingUpload } from '../../../../machines/documentUpload.machine';
import { client, resultOf } from '../../lib/api';
import type { DocumentOwner } from './api/documentKeys';
import { documentParams } from './api/documents';
import { GENERIC_CONTENT_TYPE, TransferFailure, uploadFile } from '../../lib/fileUpload';
import { documentFailureMessage } from './documentFailures';

/** Where the files of each owner type are uploaded (bucket, folder and limits of the kind). */
const UPLOAD_KIND: Readonly<Record<DocumentOwnerType, UploadKind>> = {
  Equipment: 'EquipmentDocument',
  ServiceCall: 'ServiceCallDocument',
};

/**
 * Documents go to storage as plain bytes: the store accepts this type for every allowed extension and serves each
 * file with the type of its extension, so what a browser guesses for a .msg or a .jif cannot get a file refused.
 */
const UPLOAD_CONTENT_TYPE = GENERIC_CONTENT_TYPE;

export type { DocumentOwner } from './api/documentKeys';

/**
 * The upload of a batch for the upload machine: a signed URL per file, the bytes to storage with progress, then
 * one registration of the whole batch (PUT Document/{type}/{id}). Stopping the actor aborts the transfers.
 */
export const uploadBatchActor = (owner: DocumentOwner) =>
  fromCallback<DocumentUploadEvent, { uploads: PendingUpload[] }>(({ input, sendBack }) => {
    const controller = new AbortController();
    const send = async (upload: PendingUpload): Promise<DocumentUpload> => {
      const { file } = upload;
      const identifier = await uploadFile(file, {
        kind: UPLOAD_KIND[owner.ownerType],
        contentType: UPLOAD_CONTENT_TYPE,
        signal: controller.signal,
        // The files of a batch ask for their URLs at the same time; none may cancel another.
        concurrent: true,
        onProgress: ({ percent }) => sendBack({ type: 'PROGRESS', id: upload.id, percent }),
      });
      return { documentName: file.name, ...identifier, size: file.size };
    };
    Promise.all(input.uploads.map(send))
      .then((files) =>
        resultOf(
          client.documents.upload({
            params: documentParams(owner),
            query: {},
            body: files.map(toDocumentJson),
            silent: true,
          }),
        ),
      )
      .then(
        (documents) => sendBack({ type: 'UPLOADED', documents }),
        (e: unknown) => {
          if (!controller.signal.aborted)
            sendBack({ type: 'FAILED', problem: documentFailureMessage(e, 'documents:upload_failed') });
        },
      );
    return () => controller.abort();
  });

/** The bytes of a stored file, fetched through a pre-signed download URL. */
async function fetchFile(identifier: DocumentFile): Promise<Blob> {
  const link = await resultOf(
    client.images.requestDownloadUrl({
      query: { resourceKey: identifier.resourceKey, bucketName: identifier.bucketName },
      silent: true,
      ignoreCancel: true,
    }),
  );
  const response = await fetch(link.url, { credentials: 'same-origin' });
  if (!response.ok) throw new TransferFailure(response.status);
  return response.blob();
}

/** How long an object URL handed to the browser stays valid: enough to start a download or load a page. */
const OBJECT_URL_MS = 60_000;

/** Save a document under its own name (the store would name the file after its key). */
export async function downloadDocument(document_: Document): Promise<void> {
  const url = URL.createObjectURL(await fetchFile(document_.identifier));
  const link = document.createElement('a');
  link.href = url;
  link.download = document_.documentName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_MS);
}

/** Types a browser shows by itself; any other document is downloaded instead of opened. */
const VIEWABLE = /\.(pdf|png|gif|jpe?g|jpe|jif)$/i;
export const canOpenInBrowser = (documentName: string) => VIEWABLE.test(documentName);

/**
 * Open a document in a new tab. The tab is opened at once, while the click still counts as the user's, and shows
 * the file once its bytes have arrived; if the browser blocked it, the file is downloaded.
 */
export async function openDocument(document_: Document): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await fetchFile(document_.identifier));
    window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_MS);
    if (tab) tab.location.href = url;
    else await downloadDocument(document_);
  } catch (e) {
    tab?.close();
    throw e;
  }
}
