import { z } from 'zod';
import { signedIn } from './access';
import { c, envelope, standardErrors, withCommonQuery, EntityId, IdParam, IsoDateTime, queryBoolean } from './common';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_FILES,
  FILE_SIZE_MESSAGE,
  FILE_TYPE_MESSAGE,
  FileIdentifier,
  FileName,
  hasAllowedExtension,
} from './images';

/**
 * Documents of an equipment (inventory, products management) or of a work order (spec 2 sections 3, 4 and 7;
 * spec 3 sections 3, 4 and 7). A document is active, then soft-deleted, then restored or deleted for good;
 * uploading a file with the name of an existing document adds a new version of it.
 */

/** What the documents belong to: the {type} path segment. Values chosen: not in spec. */
export const DocumentOwnerType = z.enum(['Equipment', 'ServiceCall']);
export type DocumentOwnerType = z.infer<typeof DocumentOwnerType>;

/** The stored file of a document (spec 3 "Document": documentName, resourceKey, bucketName, size). */
export const DocumentFile = FileIdentifier.extend({
  documentName: FileName,
  size: z.number().int().min(0),
});
export type DocumentFile = z.infer<typeof DocumentFile>;

/** A file to register: an allowed type, at most DOCUMENT_MAX_BYTES. */
export const DocumentUpload = DocumentFile.superRefine((file, ctx) => {
  if (!hasAllowedExtension('EquipmentDocument', file.documentName)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['documentName'], message: FILE_TYPE_MESSAGE });
  }
  if (file.size > DOCUMENT_MAX_BYTES) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['size'], message: FILE_SIZE_MESSAGE });
  }
});
export type DocumentUpload = z.infer<typeof DocumentUpload>;

/** The spec sends each file as a JSON string; this parses and checks one. */
export const DocumentJson = z
  .string()
  .max(4000)
  .transform((value, ctx): unknown => {
    try {
      return JSON.parse(value);
    } catch {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'json' });
      return z.NEVER;
    }
  })
  .pipe(DocumentUpload);

/** One element of the PUT body. */
export const toDocumentJson = (file: DocumentUpload): string => JSON.stringify(file);

/** A document (spec 2 section 3 "Document"). */
export const Document = z.object({
  documentId: EntityId,
  identifier: DocumentFile,
  documentName: FileName,
  uploadDate: IsoDateTime,
  userName: z.string().max(61),
  isDeleted: z.boolean(),
  /** 1 for the first upload, one more per re-upload. Chosen: not in spec. */
  version: z.number().int().min(1),
});
export type Document = z.infer<typeof Document>;

const ownerParams = z.object({ type: DocumentOwnerType, id: IdParam });
const documentParams = ownerParams.extend({ documentId: IdParam });

export const documentsContract = c.router(
  {
    upload: {
      method: 'PUT',
      path: '/api/Document/:type/:id',
      pathParams: ownerParams,
      query: withCommonQuery({}),
      body: z.array(DocumentJson).min(1).max(DOCUMENT_MAX_FILES),
      responses: { 200: envelope(z.array(Document)), ...standardErrors },
      summary: 'Register files uploaded to storage as documents (or new versions) of an equipment or a work order',
      metadata: signedIn('customer'),
    },
    list: {
      method: 'GET',
      path: '/api/Document/:type/:id',
      pathParams: ownerParams,
      query: withCommonQuery({}),
      responses: { 200: envelope(z.array(Document)), ...standardErrors },
      summary: 'The latest version of every document, active and deleted (isDeleted), of an owner',
      metadata: signedIn('customer'),
    },
    history: {
      method: 'GET',
      path: '/api/Document/:type/:id/:documentId',
      pathParams: documentParams,
      query: withCommonQuery({}),
      responses: { 200: envelope(z.array(Document)), ...standardErrors },
      summary: 'Every version of one document, newest first',
      metadata: signedIn('customer'),
    },
    remove: {
      method: 'DELETE',
      path: '/api/Document/:type/:id/:documentId',
      pathParams: documentParams,
      query: withCommonQuery({ isDeletePermanently: queryBoolean.default(false) }),
      responses: { 200: envelope(z.null()), ...standardErrors },
      summary: 'Move a document to Deleted items, or delete a deleted one for good with isDeletePermanently',
      metadata: signedIn('customer'),
    },
    restore: {
      method: 'POST',
      path: '/api/Document/:type/:id/:documentId',
      pathParams: documentParams,
      query: withCommonQuery({}),
      body: z.object({}).strict().optional(),
      responses: { 200: envelope(Document), ...standardErrors },
      summary: 'Restore a deleted document',
      metadata: signedIn('customer'),
    },
  },
  { strictStatusCodes: true },
);
