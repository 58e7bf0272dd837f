import { initServer } from '@ts-rest/fastify';
import { sql } from 'kysely';
import { documentsContract, type DocumentOwnerType, type DocumentUpload } from '../../../contract/documents';
import { DOCUMENT_MAX_BYTES, FILE_SIZE_MESSAGE, FILE_TYPE_MESSAGE, fileExtension } from '../../../contract/images';
import type { AppDeps } from '../deps';
import { requireActor, type Actor } from '../auth/actor';
import { appendEvent, change, type DomainEvent } from '../db/events';
import { ok } from '../lib/envelope';
import { badRequest, forbidden } from '../lib/problem';
import {
  activeDocumentNamed,
  isRegistered,
  latestVersions,
  refreshDocumentCount,
  requireOwner,
  toDocument,
  UPLOAD_KIND_OF_OWNER,
  versionsOf,
  type DocumentOwner,
  type DocumentRow,
} from './queries';
import { storageIdentityOf } from '../storage/identity';
import { storageOf } from '../storage';
import { BUCKET_OF_FILE_TYPE, customerFolder, FILE_TYPE_OF_UPLOAD, keyBelongsTo } from '../storage/layout';
import { registerFiles, releaseFiles } from '../storage/registry';

const s = initServer();

const ownerOf = (actor: Actor, params: { type: DocumentOwnerType; id: number }): DocumentOwner => ({
  customerId: actor.customerId,
  isPEUser: actor.isPEUser,
  type: params.type,
  id: params.id,
});

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

  /** The size of each file as stored: it must be where documents of this owner type go, and not too large. */
  const checkStoredFiles = async (actor: Actor, type: DocumentOwnerType, files: DocumentUpload[]) => {
    const fileType = FILE_TYPE_OF_UPLOAD[UPLOAD_KIND_OF_OWNER[type]];
    const bucket = BUCKET_OF_FILE_TYPE[fileType];
    const identity = await storageIdentityOf(db, actor.customerId);
    const folder = customerFolder(identity, fileType);
    const keys = new Set<string>();
    const sizes: number[] = [];
    for (const file of files) {
      if (file.bucketName !== bucket) throw badRequest(`Documents of ${type} are stored in ${bucket}`);
      if (!keyBelongsTo(file.resourceKey, identity)) throw forbidden('The file belongs to another customer');
      if (!file.resourceKey.startsWith(folder)) throw badRequest('The file is not in the folder of documents');
      if (fileExtension(file.resourceKey) !== fileExtension(file.documentName)) throw badRequest(FILE_TYPE_MESSAGE);
      if (keys.has(file.resourceKey)) throw badRequest(`The file ${file.resourceKey} is sent twice`);
      keys.add(file.resourceKey);
      if (await isRegistered(db, file.bucketName, file.resourceKey)) {
        throw badRequest(`The file ${file.resourceKey} is already registered`);
      }
      const size = await storage.objectSize(file.bucketName, file.resourceKey);
      if (size === null) throw badRequest(`The file ${file.documentName} has not been uploaded`);
      if (size > DOCUMENT_MAX_BYTES) throw badRequest(FILE_SIZE_MESSAGE);
      sizes.push(size);
    }
    return sizes;
  };

  return s.router(documentsContract, {
    upload: async ({ request, params, body }) => {
      const actor = await requireActor(db, request);
      const owner = ownerOf(actor, params);
      await requireOwner(db, owner);
      const sizes = await checkStoredFiles(actor, params.type, body);
      const user = await db
        .selectFrom('users')
        .select(['first_name', 'last_name'])
        .where('id', '=', actor.userId)
        .executeTakeFirstOrThrow();
      const userName = `${user.first_name} ${user.last_name}`.trim().slice(0, 61);

      const created = await db.transaction().execute(async (trx) => {
        await requireOwner(trx, owner, true);
        await registerFiles(trx, storage, body, { customerId: owner.customerId, as: 'document' });
        const rows: DocumentRow[] = [];
        for (const [index, file] of body.entries()) {
          const previous = await activeDocumentNamed(trx, owner, file.documentName);
          const row = await trx
            .insertInto('documents')
            .values({
              customer_id: owner.customerId,
              owner_type: owner.type,
              owner_id: owner.id,
              document_group_id: previous?.document_group_id ?? null,
              version: previous ? previous.version + 1 : 1,
              document_name: file.documentName,
              bucket_name: file.bucketName,
              resource_key: file.resourceKey,
              size: sizes[index]!,
              uploaded_by: actor.userId,
              user_name: userName,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          // The first version names the chain.
          const saved = previous
            ? row
            : await trx
                .updateTable('documents')
                .set({ document_group_id: row.id })
                .where('id', '=', row.id)
                .returningAll()
                .executeTakeFirstOrThrow();
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
      const actor = await requireActor(db, request);
      const owner = ownerOf(actor, params);
      await requireOwner(db, owner);
      return ok((await latestVersions(db, owner)).map(toDocument));
    },

    history: async ({ request, params }) => {
      const actor = await requireActor(db, request);
      const owner = ownerOf(actor, params);
      await requireOwner(db, owner);
      return ok((await versionsOf(db, owner, params.documentId)).map(toDocument));
    },

    remove: async ({ request, params, query }) => {
      const actor = await requireActor(db, request);
      const owner = ownerOf(actor, params);
      await requireOwner(db, owner);
      if (!query.isDeletePermanently) {
        await change(db, async (trx) => {
          await requireOwner(trx, owner, true);
          const versions = await versionsOf(trx, owner, params.documentId);
          const groupId = newest(versions).document_group_id!;
          if (newest(versions).is_deleted) throw badRequest('The document is already deleted');
          await trx
            .updateTable('documents')
            .set({ is_deleted: true, deleted_at: sql`now()` })
            .where('document_group_id', '=', groupId)
            .execute();
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
        await requireOwner(trx, owner, true);
        const versions = await versionsOf(trx, owner, params.documentId);
        const groupId = newest(versions).document_group_id!;
        // Only a document in Deleted items can be deleted for good (spec 2 section 4).
        if (!newest(versions).is_deleted) throw badRequest('Only a deleted document can be deleted permanently');
        await trx.deleteFrom('documents').where('document_group_id', '=', groupId).execute();
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
      const actor = await requireActor(db, request);
      const owner = ownerOf(actor, params);
      await requireOwner(db, owner);
      const restored = await change(db, async (trx) => {
        await requireOwner(trx, owner, true);
        const versions = await versionsOf(trx, owner, params.documentId);
        const groupId = newest(versions).document_group_id!;
        if (!newest(versions).is_deleted) throw badRequest('The document is not deleted');
        await trx
          .updateTable('documents')
          .set({ is_deleted: false, deleted_at: null })
          .where('document_group_id', '=', groupId)
          .execute();
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
