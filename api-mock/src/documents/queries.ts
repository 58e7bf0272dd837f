import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Document, DocumentOwnerType } from '../../../contract/documents';
import type { FileIdentifier, UploadKind } from '../../../contract/images';
import type { Database, DocumentsTable } from '../db/schema';

export type DocumentRow = Selectable<DocumentsTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** The upload kind (bucket, folder and limits) of the documents of each owner type. */
export const UPLOAD_KIND_OF_OWNER: Readonly<Record<DocumentOwnerType, UploadKind>> = {
  Equipment: 'EquipmentDocument',
  ServiceCall: 'ServiceCallDocument',
};

export interface DocumentOwner {
  customerId: number;
  /** Provider staff: the documents of hidden instruments are theirs to reach, as the instruments are. */
  isPEUser: boolean;
  type: DocumentOwnerType;
  id: number;
}

/** Whether a service call of the customer exists; in a transaction with `lock` its row stays locked until commit. */
export async function serviceCallFound(db: Db, customerId: number, id: number, lock = false): Promise<boolean> {
  const found = await db
    .selectFrom('service_calls')
    .select('id')
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
  return found !== undefined;
}

/** The owner of the document a stored file of the customer is a version of, or null. */
export async function documentOwnerOfFile(
  db: Db,
  customerId: number,
  file: FileIdentifier,
): Promise<{ type: DocumentOwnerType; id: number } | null> {
  const row = await db
    .selectFrom('documents')
    .select(['owner_type', 'owner_id'])
    .where('customer_id', '=', customerId)
    .where('bucket_name', '=', file.bucketName)
    .where('resource_key', '=', file.resourceKey)
    .executeTakeFirst();
  return row ? { type: row.owner_type as DocumentOwnerType, id: row.owner_id } : null;
}

/** The name of a user as a document version records its uploader. */
export async function uploaderNameOf(db: Db, userId: number): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return `${user.first_name} ${user.last_name}`.trim().slice(0, 61);
}

/** The schema declares upload_date as Generated<Timestamp>, which Kysely does not unwrap; the driver gives a Date. */
const uploadTime = (row: DocumentRow): number => new Date(row.upload_date as unknown as Date).getTime();

/** Every document row (every version) of an owner. */
const ofOwner = (db: Db, owner: DocumentOwner) =>
  db
    .selectFrom('documents')
    .where('documents.customer_id', '=', owner.customerId)
    .where('documents.owner_type', '=', owner.type)
    .where('documents.owner_id', '=', owner.id);

/** The newest version of every document of an owner (active and deleted), newest upload first. */
export async function latestVersions(db: Db, owner: DocumentOwner): Promise<DocumentRow[]> {
  const rows = await ofOwner(db, owner)
    .selectAll()
    .distinctOn('document_group_id')
    .orderBy('document_group_id')
    .orderBy('version', 'desc')
    .execute();
  return rows.sort((a, b) => uploadTime(b) - uploadTime(a) || b.id - a.id);
}

/** Every version of the document that `documentId` (any of its versions) belongs to, newest first; none if none. */
export function versionsOf(db: Db, owner: DocumentOwner, documentId: number): Promise<DocumentRow[]> {
  return ofOwner(db, owner)
    .selectAll()
    .where(
      'document_group_id',
      '=',
      ofOwner(db, owner).select('document_group_id').where('documents.id', '=', documentId),
    )
    .orderBy('version', 'desc')
    .execute();
}

/** The active document of this name (names compare without regard to case), whose next version an upload becomes. */
export async function activeDocumentNamed(db: Db, owner: DocumentOwner, name: string): Promise<DocumentRow | null> {
  const row = await ofOwner(db, owner)
    .selectAll()
    .where('is_deleted', '=', false)
    .where(sql`lower(document_name)`, '=', name.toLowerCase())
    .orderBy('upload_date', 'desc')
    .orderBy('version', 'desc')
    .executeTakeFirst();
  return row ?? null;
}

/** Whether a stored object is already registered anywhere (a document version, an image or an attachment). */
export async function isRegistered(db: Db, bucketName: string, resourceKey: string): Promise<boolean> {
  const found = await db
    .selectFrom('documents')
    .select(sql`1`.as('one'))
    .where('bucket_name', '=', bucketName)
    .where('resource_key', '=', resourceKey)
    .unionAll(
      db
        .selectFrom('equipment_images')
        .select(sql`1`.as('one'))
        .where('bucket_name', '=', bucketName)
        .where((eb) => eb.or([eb('image_key', '=', resourceKey), eb('thumbnail_key', '=', resourceKey)])),
    )
    .unionAll(
      db
        .selectFrom('service_call_attachments')
        .select(sql`1`.as('one'))
        .where('bucket_name', '=', bucketName)
        .where('resource_key', '=', resourceKey),
    )
    .executeTakeFirst();
  return found !== undefined;
}

/** Keep the owner's document_count in step: the number of its active documents. */
export async function refreshDocumentCount(trx: Transaction<Database>, owner: DocumentOwner): Promise<number> {
  const { count } = await ofOwner(trx, owner)
    .select((eb) => eb.fn.count<string>(sql`distinct document_group_id`).as('count'))
    .where('is_deleted', '=', false)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable(owner.type === 'Equipment' ? 'equipment' : 'service_calls')
    .set({ document_count: Number(count) })
    .where('id', '=', owner.id)
    .execute();
  return Number(count);
}

/** A document row as the API answers it. */
export function toDocument(row: DocumentRow): Document {
  return {
    documentId: row.id,
    identifier: {
      documentName: row.document_name,
      resourceKey: row.resource_key,
      bucketName: row.bucket_name,
      size: row.size,
    },
    documentName: row.document_name,
    uploadDate: new Date(uploadTime(row)).toISOString(),
    userName: row.user_name,
    isDeleted: row.is_deleted,
    version: row.version,
  };
}

/** A new version of a document (its first when `previous` is null): the first version names the chain. */
export async function insertDocumentVersion(
  trx: Transaction<Database>,
  owner: DocumentOwner,
  file: { documentName: string; bucketName: string; resourceKey: string; size: number },
  previous: DocumentRow | null,
  uploader: { userId: number; userName: string },
): Promise<DocumentRow> {
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
      size: file.size,
      uploaded_by: uploader.userId,
      user_name: uploader.userName,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (previous) return row;
  return trx
    .updateTable('documents')
    .set({ document_group_id: row.id })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Move every version of a document to Deleted items, or back. */
export async function setDocumentDeleted(trx: Transaction<Database>, groupId: number, deleted: boolean): Promise<void> {
  await trx
    .updateTable('documents')
    .set(deleted ? { is_deleted: true, deleted_at: sql`now()` } : { is_deleted: false, deleted_at: null })
    .where('document_group_id', '=', groupId)
    .execute();
}

/** Delete every version of a document for good. */
export async function deleteDocumentGroup(trx: Transaction<Database>, groupId: number): Promise<void> {
  await trx.deleteFrom('documents').where('document_group_id', '=', groupId).execute();
}
