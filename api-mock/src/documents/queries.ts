import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Document, DocumentOwnerType } from '../../../contract/documents';
import type { FileIdentifier, UploadKind } from '../../../contract/images';
import type { Database, DocumentsTable } from '../db/schema';
import { HttpProblem } from '../lib/problem';
import { requireEquipment } from '../queries/equipment';

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

/**
 * Make sure the caller reaches the owner, else refuse: an instrument as GET Equipment/{id} does (10002, hidden ones
 * too for customer users), a service call of another customer with 404; either way its id reveals nothing. In a
 * transaction the owner's row stays locked until commit, so the document changes of one owner (version numbers, the
 * equipment's document count) happen one after the other.
 */
export async function requireOwner(db: Db, owner: DocumentOwner, lock = false): Promise<void> {
  if (owner.type === 'Equipment') return requireEquipment(db, owner, owner.id, lock);
  const found = await db
    .selectFrom('service_calls')
    .select('id')
    .where('id', '=', owner.id)
    .where('customer_id', '=', owner.customerId)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!found) throw new HttpProblem(404, `No service call ${owner.id}`);
}

/**
 * The instrument a stored file belongs to as one of its documents or images, or null (a file of another record):
 * reading the file is reaching the instrument.
 */
export async function instrumentOfFile(db: Db, customerId: number, file: FileIdentifier): Promise<number | null> {
  const row = await db
    .selectFrom('documents')
    .select('owner_id as equipmentId')
    .where('customer_id', '=', customerId)
    .where('owner_type', '=', 'Equipment')
    .where('bucket_name', '=', file.bucketName)
    .where('resource_key', '=', file.resourceKey)
    .unionAll(
      db
        .selectFrom('equipment_images')
        .select('equipment_id as equipmentId')
        .where('customer_id', '=', customerId)
        .where('bucket_name', '=', file.bucketName)
        .where((eb) => eb.or([eb('image_key', '=', file.resourceKey), eb('thumbnail_key', '=', file.resourceKey)])),
    )
    .executeTakeFirst();
  return row?.equipmentId ?? null;
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

/** Every version of the document that `documentId` (any of its versions) belongs to, newest first; 404 if none. */
export async function versionsOf(db: Db, owner: DocumentOwner, documentId: number): Promise<DocumentRow[]> {
  const rows = await ofOwner(db, owner)
    .selectAll()
    .where(
      'document_group_id',
      '=',
      ofOwner(db, owner).select('document_group_id').where('documents.id', '=', documentId),
    )
    .orderBy('version', 'desc')
    .execute();
  if (rows.length === 0) throw new HttpProblem(404, `No document ${documentId}`);
  return rows;
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
