import { z } from 'zod';
import { signedIn } from './access';
import { c, envelope, standardErrors, withCommonQuery } from './common';
import {
  PRESIGNED_URL_SECONDS,
  MB,
  FEEDBACK_MAX_FILES,
  FEEDBACK_MAX_BYTES,
  AVATAR_MAX_BYTES,
  LOGO_MAX_FILES,
  LOGO_MAX_BYTES,
  LOGO_EXTENSIONS,
  INT32_MAX,
} from './limits';

/**
 * Equipment images (spec 2 section 3 "Image") and the file-storage calls every upload and download goes through
 * (spec 1 section 7 "File storage", DESIGN.md "Files"). The image routes themselves live under Equipment in
 * equipment/images.ts. The file limits of every upload kind are here, so the storage call can enforce them on the
 * server.
 */

/** Image (spec 2 section 5 "Attachments" and section 9): 1 file, 5 MB, jpg/jpeg/png/gif/bmp, 100 px thumbnail. */
export const IMAGE_MAX_FILES = 1;
export const IMAGE_MAX_BYTES = 5 * MB;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'bmp'] as const;

/** Service-request attachment (spec 2 section 5 "Attachments"): 1 file, 5 MB. */
export const SERVICE_REQUEST_ATTACHMENT_MAX_FILES = 1;
export const SERVICE_REQUEST_ATTACHMENT_MAX_BYTES = 5 * MB;
export const ATTACHMENT_EXTENSIONS = [
  'pdf',
  'jpg',
  'jpeg',
  'jpe',
  'jif',
  'gif',
  'png',
  'doc',
  'docx',
  'xls',
  'xlsx',
] as const;

/** Documents of equipment and work orders (spec 2 section 5 "Attachments"): up to 4 files per pick, 5 MB each. */
export const DOCUMENT_MAX_FILES = 4;
export const DOCUMENT_MAX_BYTES = 5 * MB;
export const DOCUMENT_EXTENSIONS = [...ATTACHMENT_EXTENSIONS, 'msg'] as const;

/** Feedback attachments (spec 3 sections 5 and 9): up to 4 files, 3 MB each. */
export const FEEDBACK_EXTENSIONS = ['jpg', 'jpeg', 'gif', 'png', 'mp4'] as const;

/** Avatar (spec 3 section 5): jpeg or png, under 5 MB, thumbnail 64. */
export const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

/** Product market info import (spec 3 section 5): one of two Excel MIME types. The 5 MB cap is chosen: not in spec. */
export const EXCEL_CONTENT_TYPES = [
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;
export const PRODUCT_MARKET_INFO_IMPORT_MAX_BYTES = 5 * MB;

/** What a file is uploaded for; it picks the bucket, the folder and the limits. Values chosen: not in spec. */
export const UploadKind = z.enum([
  'EquipmentImage',
  'EquipmentDocument',
  'ServiceCallDocument',
  'ServiceRequestAttachment',
  'FeedbackAttachment',
  'Avatar',
  'CustomerLogo',
  'ProductMarketInfo',
]);
export type UploadKind = z.infer<typeof UploadKind>;

export interface UploadLimit {
  maxBytes: number;
  maxFiles: number;
  extensions: readonly string[];
  /** When set, the declared content type must be one of these too. */
  contentTypes?: readonly string[];
}

export const UPLOAD_LIMITS: Record<UploadKind, UploadLimit> = {
  EquipmentImage: { maxBytes: IMAGE_MAX_BYTES, maxFiles: IMAGE_MAX_FILES, extensions: IMAGE_EXTENSIONS },
  EquipmentDocument: { maxBytes: DOCUMENT_MAX_BYTES, maxFiles: DOCUMENT_MAX_FILES, extensions: DOCUMENT_EXTENSIONS },
  ServiceCallDocument: { maxBytes: DOCUMENT_MAX_BYTES, maxFiles: DOCUMENT_MAX_FILES, extensions: DOCUMENT_EXTENSIONS },
  ServiceRequestAttachment: {
    maxBytes: SERVICE_REQUEST_ATTACHMENT_MAX_BYTES,
    maxFiles: SERVICE_REQUEST_ATTACHMENT_MAX_FILES,
    extensions: ATTACHMENT_EXTENSIONS,
  },
  FeedbackAttachment: { maxBytes: FEEDBACK_MAX_BYTES, maxFiles: FEEDBACK_MAX_FILES, extensions: FEEDBACK_EXTENSIONS },
  Avatar: { maxBytes: AVATAR_MAX_BYTES, maxFiles: 1, extensions: AVATAR_EXTENSIONS },
  CustomerLogo: { maxBytes: LOGO_MAX_BYTES, maxFiles: LOGO_MAX_FILES, extensions: LOGO_EXTENSIONS },
  ProductMarketInfo: {
    maxBytes: PRODUCT_MARKET_INFO_IMPORT_MAX_BYTES,
    maxFiles: 1,
    extensions: ['xls', 'xlsx'],
    contentTypes: EXCEL_CONTENT_TYPES,
  },
};

/** Lower-case extension of a file name without the dot; '' when there is none. */
export const fileExtension = (fileName: string): string => {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
};

export const hasAllowedExtension = (kind: UploadKind, fileName: string): boolean =>
  UPLOAD_LIMITS[kind].extensions.includes(fileExtension(fileName));

/** Message keys of a refused file (spec 2 section 5 "Messages"; the type key is chosen: not in spec). */
export const FILE_TYPE_MESSAGE = 'unsupported_file_type';
export const FILE_SIZE_MESSAGE = 'Attach_smaller_maxSize';
/** 400 of an upload URL asked for beyond the user's storage quota (STORAGE_QUOTA). */
export const STORAGE_QUOTA_MESSAGE = 'upload_quota_reached';

/** An object key in storage: relative, no `.` or `..` segment, URL-safe characters only. */
export const ResourceKey = z
  .string()
  .min(1)
  .max(1024)
  .regex(/^[A-Za-z0-9!_.*'()=/-]+$/, 'resourceKey')
  .refine((key) => !key.startsWith('/') && key.split('/').every((s) => s !== '' && s !== '.' && s !== '..'), {
    message: 'resourceKey',
  });

/** A bucket name as S3 spells them. */
export const BucketName = z
  .string()
  .min(3)
  .max(63)
  .regex(/^[a-z0-9][a-z0-9.-]*[a-z0-9]$/, 'bucketName');

/** Where a stored file lives (the spec's resourceKey + bucketName pair). */
export const FileIdentifier = z.object({ resourceKey: ResourceKey, bucketName: BucketName });
export type FileIdentifier = z.infer<typeof FileIdentifier>;

/** A plain file name: no folder part. */
export const FileName = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .refine((name) => !/[/\\]/.test(name), 'fileName');

/** An image of an equipment (spec 2 section 3 "Image"; spec 3 products management "Image"). */
export const EquipmentImage = z.object({
  resourceId: z.number().int().positive().max(INT32_MAX),
  imageIdentifier: FileIdentifier,
  thumbnailIdentifier: FileIdentifier,
  fileName: FileName,
});
export type EquipmentImage = z.infer<typeof EquipmentImage>;

/** An image just uploaded to storage (image and thumbnail), to be registered with PUT Equipment/{id}/image. */
export const NewEquipmentImage = EquipmentImage.omit({ resourceId: true })
  .extend({
    /** The first image uploaded, or one flagged default, becomes the default (spec 2 section 4). */
    isDefault: z.boolean().optional(),
  })
  .refine((image) => hasAllowedExtension('EquipmentImage', image.fileName), {
    message: FILE_TYPE_MESSAGE,
    path: ['fileName'],
  });
export type NewEquipmentImage = z.infer<typeof NewEquipmentImage>;

/** instrumentImageData of an equipment: every image and the default one. Null once the last image is deleted. */
export const InstrumentImageData = z.object({
  images: z.array(EquipmentImage),
  defaultImage: EquipmentImage.nullable(),
});
export type InstrumentImageData = z.infer<typeof InstrumentImageData>;

/** Most images registered or removed in one PUT Equipment/{id}/image. Chosen: not in spec. */
export const IMAGE_CHANGE_LIST_MAX = 20;

export const ImageChanges = z.object({
  addList: z.array(NewEquipmentImage).max(IMAGE_CHANGE_LIST_MAX).default([]),
  deleteList: z.array(z.number().int().positive().max(INT32_MAX)).max(IMAGE_CHANGE_LIST_MAX).default([]),
});
export type ImageChanges = z.infer<typeof ImageChanges>;

/** Request a pre-signed upload URL; the server checks the type and size of the kind before it signs. */
export const UploadUrlRequest = z
  .object({
    fileName: FileName,
    contentType: z.string().trim().min(1).max(200),
    size: z.number().int().min(1),
    fileType: UploadKind,
  })
  .superRefine((file, ctx) => {
    const limit = UPLOAD_LIMITS[file.fileType];
    if (!limit.extensions.includes(fileExtension(file.fileName))) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['fileName'], message: FILE_TYPE_MESSAGE });
    }
    if (limit.contentTypes && !limit.contentTypes.includes(file.contentType)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['contentType'], message: FILE_TYPE_MESSAGE });
    }
    if (file.size > limit.maxBytes) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['size'], message: FILE_SIZE_MESSAGE });
    }
  });
export type UploadUrlRequest = z.infer<typeof UploadUrlRequest>;

/** Send the bytes with `method` to `uploadUrl` with `headers`, then register `resourceKey` + `bucketName`. */
export const UploadUrl = FileIdentifier.extend({
  uploadUrl: z.string().min(1).max(4096),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expiresInSeconds: z.number().int().positive().max(INT32_MAX),
});
export type UploadUrl = z.infer<typeof UploadUrl>;

export const DownloadUrl = FileIdentifier.extend({
  url: z.string().min(1).max(4096),
  expiresInSeconds: z.number().int().positive().max(INT32_MAX),
});
export type DownloadUrl = z.infer<typeof DownloadUrl>;

/** Most keys signed in one batch (a grid page of thumbnails). Chosen: not in spec. */
export const DOWNLOAD_URL_BATCH_MAX = 100;
/** Lifetime and client cache of a pre-signed URL (spec 1 section 7). */
export const SIGNED_URL_SECONDS = PRESIGNED_URL_SECONDS;

export const imagesContract = c.router(
  {
    requestUploadUrl: {
      method: 'POST',
      path: '/api/Storage/uploadUrl', // path chosen: not in spec
      query: withCommonQuery({}),
      body: UploadUrlRequest,
      responses: { 200: envelope(UploadUrl), ...standardErrors },
      summary:
        "A pre-signed URL to upload one file to storage, in the customer's folder for its kind; good for one upload; 400 upload_quota_reached beyond the user's storage quota",
      metadata: signedIn('customer'),
    },
    requestDownloadUrl: {
      method: 'GET',
      path: '/api/Storage/downloadUrl', // path chosen: not in spec
      query: withCommonQuery({ resourceKey: ResourceKey, bucketName: BucketName }),
      responses: { 200: envelope(DownloadUrl), ...standardErrors },
      summary:
        'A pre-signed URL to download one stored file a record of the current customer holds (valid 1800 s); 404 for an upload no record took, 403 for a message attachment (read with its message)',
      metadata: signedIn('customer'),
    },
    requestDownloadUrls: {
      method: 'POST',
      path: '/api/Storage/downloadUrls', // path chosen: not in spec
      query: withCommonQuery({}),
      body: z.object({ files: z.array(FileIdentifier).min(1).max(DOWNLOAD_URL_BATCH_MAX) }),
      responses: { 200: envelope(z.object({ items: z.array(DownloadUrl) })), ...standardErrors },
      summary: 'Pre-signed download URLs for several stored files at once (image thumbnails of a page)',
      metadata: signedIn('customer'),
    },
  },
  { strictStatusCodes: true },
);
