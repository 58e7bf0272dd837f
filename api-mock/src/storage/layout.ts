import { randomBytes } from 'node:crypto';
import { fileExtension, type UploadKind } from '../../../contract/images';

/**
 * Where files live in storage (spec 1 section 7 "File storage"): a bucket per file type (the default file type is
 * Equipment), and inside it a folder per customer (its encrypted id) and file type. Bucket and type names are
 * ours: the spec does not show them.
 */
export const FILE_TYPES = [
  'Equipment',
  'ServiceRequest',
  'Feedback',
  'Avatar',
  'CustomerLogo',
  'ProductMarketInfo',
  'Message',
] as const;
export type FileType = (typeof FILE_TYPES)[number];

export const DEFAULT_FILE_TYPE: FileType = 'Equipment';

export const BUCKET_OF_FILE_TYPE: Readonly<Record<FileType, string>> = {
  Equipment: 'portal-equipment',
  ServiceRequest: 'portal-service-request',
  Feedback: 'portal-feedback',
  Avatar: 'portal-avatar',
  CustomerLogo: 'portal-customer-logo',
  ProductMarketInfo: 'portal-product-market-info',
  Message: 'portal-message',
};

export const BUCKETS: readonly string[] = Object.values(BUCKET_OF_FILE_TYPE);
export const isKnownBucket = (bucket: string): boolean => BUCKETS.includes(bucket);

/** The file type (bucket and folder) an upload kind goes to. */
export const FILE_TYPE_OF_UPLOAD: Readonly<Record<UploadKind, FileType>> = {
  EquipmentImage: 'Equipment',
  EquipmentDocument: 'Equipment',
  ServiceCallDocument: 'ServiceRequest',
  ServiceRequestAttachment: 'ServiceRequest',
  FeedbackAttachment: 'Feedback',
  Avatar: 'Avatar',
  CustomerLogo: 'CustomerLogo',
  ProductMarketInfo: 'ProductMarketInfo',
};

/** Sent when the browser cannot tell a file's type; accepted for every extension. */
export const GENERIC_CONTENT_TYPE = 'application/octet-stream';

/**
 * The content types a file of each extension may declare; the first is the one it is served with. A file is only
 * ever served with one of these, so an upload cannot make the portal's own origin serve HTML or script.
 */
export const CONTENT_TYPES_OF_EXTENSION: Readonly<Record<string, readonly string[]>> = {
  jpg: ['image/jpeg', 'image/pjpeg'],
  jpeg: ['image/jpeg', 'image/pjpeg'],
  jpe: ['image/jpeg', 'image/pjpeg'],
  jif: ['image/jpeg', 'image/pjpeg'],
  png: ['image/png'],
  gif: ['image/gif'],
  bmp: ['image/bmp', 'image/x-ms-bmp'],
  pdf: ['application/pdf'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  xls: ['application/vnd.ms-excel'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  msg: ['application/vnd.ms-outlook'],
  mp4: ['video/mp4'],
};

/** The media type of a Content-Type header, without parameters, in lower case. */
export const mediaType = (contentType: string): string => (contentType.split(';')[0] ?? '').trim().toLowerCase();

/** Whether a file with this name may declare this content type. */
export const contentTypeFits = (fileName: string, contentType: string): boolean => {
  const type = mediaType(contentType);
  return type === GENERIC_CONTENT_TYPE || (CONTENT_TYPES_OF_EXTENSION[fileExtension(fileName)] ?? []).includes(type);
};

/** The type a stored object is served with: from its extension, never from what the uploader said. */
export const servedContentType = (key: string): string =>
  CONTENT_TYPES_OF_EXTENSION[fileExtension(key)]?.[0] ?? GENERIC_CONTENT_TYPE;

/** `attachment; filename=...` with an ASCII fallback and the UTF-8 name; images open inline. */
export function contentDisposition(key: string, fileName: string | undefined): string {
  const name = fileName ?? key.slice(key.lastIndexOf('/') + 1);
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const inline = servedContentType(key).startsWith('image/');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The folder of a customer's files of one type: `<encryptedCustomerId>/<FileType>/`. */
export const customerFolder = (encryptedCustomerId: string, fileType: FileType): string =>
  `${encryptedCustomerId}/${fileType}/`;

/**
 * A new object key: `<encryptedCustomerId>/<FileType>/<name>.<ext>`, where name is the content's sha256 when it is
 * known (spec 1 section 5: prefix + content hash + lower-case extension) and else a random id, since the key is
 * signed before the bytes arrive.
 */
export const newObjectKey = (
  encryptedCustomerId: string,
  fileType: FileType,
  fileName: string,
  contentSha256?: string,
): string => {
  const ext = fileExtension(fileName);
  const name = contentSha256 ?? randomBytes(16).toString('hex');
  return `${customerFolder(encryptedCustomerId, fileType)}${name}${ext ? `.${ext}` : ''}`;
};

/** Whether a key lies in the customer's folders: the customer isolation of storage. */
export const keyBelongsTo = (key: string, encryptedCustomerId: string): boolean =>
  key.startsWith(`${encryptedCustomerId}/`);
