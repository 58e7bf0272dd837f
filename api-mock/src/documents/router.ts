import { initServer } from '@ts-rest/fastify';
import { documentsContract, type DocumentOwnerType, type DocumentUpload } from '../../../contract/documents';
import { FILE_TYPE_MESSAGE, fileExtension } from '../../../contract/images';
import type { AppDeps } from '../deps';
import { actorOf, type Actor } from '../access/actor';
import { appendEvent, change, type DomainEvent } from '../db/events';
import { ok } from '../lib/envelope';
import { badRequest } from '../lib/problem';
import {
  activeDocumentNamed,
  deleteDocumentGroup,
  insertDocumentVersion,
  isRegistered,
  latestVersions,
  refreshDocumentCount,
  setDocumentDeleted,
  toDocument,
  uploaderNameOf,
  UPLOAD_KIND_OF_OWNER,
  type DocumentOwner,
  type DocumentRow,
} from './queries';
import { documentOwnerOf, requireDocument, requireDocumentOwner } from './records';
import { storageOf } from '../storage';
import { registerFiles, releaseFiles } from '../storage/registry';
import { storedUploadSizes } from '../storage/uploads';

const s = initServer();

const documentEvent = (
  actor: Actor,
  owner: DocumentOwner,
  groupId: number,
  eventType: string,
  payload: Record<string, unknown>,
): DomainEvent => ({
  customerId: actor.customerId,
  actorId: actor.userId,
  entityType: 'document',
  entityId: groupId,
  eventType,
  payload: { ownerType: owner.type, ownerId: owner.id, ...payload },
});

/** The newest version heads the list of versions (versionsOf answers them newest first). */
const newest = (versions: DocumentRow[]): DocumentRow => versions[0]!;

/**
 * Documents of an equipment or a service call (spec 2 sections 4, 5 and 7). Files are uploaded to storage through
 * a signed URL first; registering them here checks that each one is really there, in the caller's customer folder
 * for documents, of an allowed type and size. A document is active, then deleted (Deleted items), then restored or
 * deleted for good; a file with the name of an active document becomes its next version.
 */
export function documentsRouter({ db, config }: AppDeps) {
  const storage = storageOf(config);

  /**
   * The size of each file as stored, by the one check of stored uploads: the customer's, where documents of this
   * owner type go, not too large; and a document's own rules: the name's type, each file once and not yet registered.
   */
  const checkStoredFiles = async (actor: Actor, type: DocumentOwnerType, files: DocumentUpload[]) => {
    const kind = UPLOAD_KIND_OF_OWNER[type];
    const keys = new Set<string>();
    for (const file of files) {
      if (fileExtension(file.resourceKey) !== fileExtension(file.documentName)) throw badRequest(FILE_TYPE_MESSAGE);
      if (keys.has(file.resourceKey)) throw badRequest(`The file ${file.resourceKey} is sent twice`);
      keys.add(file.resourceKey);
    }
    const sizes = await storedUploadSizes({ db, storage }, actor.customerId, kind, files, {
      notOwn: 'The file belongs to another customer',
      otherPlace: `Documents of ${type} are stored in their own bucket and folder`,
      missing: (file) => `The file ${file.resourceKey} has not been uploaded`,
    });
    for (const file of files) {
      if (await isRegistered(db, file.bucketName, file.resourceKey)) {
        throw badRequest(`The file ${file.resourceKey} is already registered`);
      }
    }
    return sizes;
  };

  return s.router(documentsContract, {
    upload: async ({ request, params, body }) => {
      const actor = actorOf(request);
      const owner = documentOwnerOf(actor, params);
      await requireDocumentOwner(db, owner);
      const sizes = await checkStoredFiles(actor, params.type, body);
      const uploader = { userId: actor.userId, userName: await uploaderNameOf(db, actor.userId) };

      const created = await db.transaction().execute(async (trx) => {
        await requireDocumentOwner(trx, owner, true);
        await registerFiles(trx, storage, body, { customerId: owner.customerId, as: 'document' });
        const rows: DocumentRow[] = [];
        for (const [index, file] of body.entries()) {
          const previous = await activeDocumentNamed(trx, owner, file.documentName);
          const saved = await insertDocumentVersion(trx, owner, { ...file, size: sizes[index]! }, previous, uploader);
          rows.push(saved);
          await appendEvent(
            trx,
            documentEvent(
              actor,
              owner,
              saved.document_group_id!,
              previous ? 'document.versionAdded' : 'document.uploaded',
              {
                documentId: saved.id,
                documentName: saved.document_name,
                version: saved.version,
                bucketName: saved.bucket_name,
                resourceKey: saved.resource_key,
                size: saved.size,
              },
            ),
          );
        }
        await refreshDocumentCount(trx, owner);
        return rows;
      });
      return ok(created.map(toDocument));
    },

    list: async ({ request, params }) => {
      const owner = documentOwnerOf(actorOf(request), params);
      await requireDocumentOwner(db, owner);
      return ok((await latestVersions(db, owner)).map(toDocument));
    },

    history: async ({ request, params }) => {
      const owner = documentOwnerOf(actorOf(request), params);
      return ok((await requireDocument(db, owner, params.documentId)).map(toDocument));
    },

    remove: async ({ request, params, query }) => {
      const actor = actorOf(request);
      const owner = documentOwnerOf(actor, params);
      await requireDocumentOwner(db, owner);
      if (!query.isDeletePermanently) {
        await change(db, async (trx) => {
          const versions = await requireDocument(trx, owner, params.documentId, true);
          const groupId = newest(versions).document_group_id!;
          if (newest(versions).is_deleted) throw badRequest('The document is already deleted');
          await setDocumentDeleted(trx, groupId, true);
          await refreshDocumentCount(trx, owner);
          return {
            result: null,
            event: documentEvent(actor, owner, groupId, 'document.deleted', {
              documentName: newest(versions).document_name,
            }),
          };
        });
        return ok(null);
      }

      const removed = await change(db, async (trx) => {
        const versions = await requireDocument(trx, owner, params.documentId, true);
        const groupId = newest(versions).document_group_id!;
        // Only a document in Deleted items can be deleted for good (spec 2 section 4).
        if (!newest(versions).is_deleted) throw badRequest('Only a deleted document can be deleted permanently');
        await deleteDocumentGroup(trx, groupId);
        await releaseFiles(
          trx,
          versions.map((v) => ({ bucketName: v.bucket_name, resourceKey: v.resource_key })),
        );
        await refreshDocumentCount(trx, owner);
        return {
          result: versions,
          event: documentEvent(actor, owner, groupId, 'document.deletedPermanently', {
            documentName: newest(versions).document_name,
            files: versions.map((v) => ({ bucketName: v.bucket_name, resourceKey: v.resource_key })),
          }),
        };
      });
      // The files go once the rows are gone for good; a failed removal leaves an unreferenced file, never a dangling row.
      await Promise.all(removed.map((v) => storage.deleteObject(v.bucket_name, v.resource_key)));
      return ok(null);
    },

    restore: async ({ request, params }) => {
      const actor = actorOf(request);
      const owner = documentOwnerOf(actor, params);
      await requireDocumentOwner(db, owner);
      const restored = await change(db, async (trx) => {
        const versions = await requireDocument(trx, owner, params.documentId, true);
        const groupId = newest(versions).document_group_id!;
        if (!newest(versions).is_deleted) throw badRequest('The document is not deleted');
        await setDocumentDeleted(trx, groupId, false);
        await refreshDocumentCount(trx, owner);
        return {
          result: { ...newest(versions), is_deleted: false, deleted_at: null },
          event: documentEvent(actor, owner, groupId, 'document.restored', {
            documentName: newest(versions).document_name,
          }),
        };
      });
      return ok(toDocument(restored));
    },
  });
}
