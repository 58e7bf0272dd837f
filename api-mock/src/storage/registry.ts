import { sql, type Kysely, type Transaction } from 'kysely';
import { STORAGE_QUOTA_MESSAGE, type FileIdentifier } from '../../../contract/images';
import { STORAGE_QUOTA } from '../../../contract/limits';
import type { Database } from '../db/schema';
import { badRequest } from '../lib/problem';
import type { FileStorage } from './fileStorage';

type Db = Kysely<Database> | Transaction<Database>;

/** What a stored file is registered as: the kind of record that holds it. */
export type RegisteredAs =
  | 'document'
  | 'equipmentImage'
  | 'avatar'
  | 'serviceRequestAttachment'
  | 'feedbackAttachment'
  | 'customerLogo'
  | 'messageAttachment';

/**
 * Record a signed upload URL: the key is new, so its row is too. Refused beyond the user's quota: the bytes of
 * uploads not yet saved to a record, and all the user's files, counting this one at its declared size.
 */
export async function grantUpload(
  db: Kysely<Database>,
  file: FileIdentifier,
  owner: { customerId: number; userId: number },
  maxBytes: number,
  quota = STORAGE_QUOTA,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // One grant at a time per user, so two parallel requests cannot both fit under the quota.
    await trx.selectFrom('users').select('id').where('id', '=', owner.userId).forUpdate().execute();
    const used = await trx
      .selectFrom('stored_objects')
      .select([
        sql<number>`coalesce(sum(coalesce(size, max_bytes)) filter (where registered_as is null), 0)::float8`.as(
          'pending',
        ),
        sql<number>`coalesce(sum(coalesce(size, max_bytes)), 0)::float8`.as('total'),
      ])
      .where('uploaded_by', '=', owner.userId)
      .executeTakeFirstOrThrow();
    if (used.pending + maxBytes > quota.pendingBytes || used.total + maxBytes > quota.userBytes) {
      throw badRequest(STORAGE_QUOTA_MESSAGE);
    }
    await trx
      .insertInto('stored_objects')
      .values({
        bucket_name: file.bucketName,
        resource_key: file.resourceKey,
        customer_id: owner.customerId,
        uploaded_by: owner.userId,
        state: 'granted',
        max_bytes: maxBytes,
      })
      .execute();
  });
}

/** Take a granted upload for receiving: false when its URL was used already (a grant is good for one upload). */
export async function startReceiving(db: Kysely<Database>, bucket: string, key: string): Promise<boolean> {
  const taken = await db
    .updateTable('stored_objects')
    .set({ state: 'receiving' })
    .where('bucket_name', '=', bucket)
    .where('resource_key', '=', key)
    .where('state', '=', 'granted')
    .returning('resource_key')
    .executeTakeFirst();
  return taken !== undefined;
}

/** The upload's outcome: stored with its size and hash, or granted again so the same URL can be tried again. */
export async function finishReceiving(
  db: Kysely<Database>,
  bucket: string,
  key: string,
  stored: { size: number; sha256: string } | null,
): Promise<void> {
  await db
    .updateTable('stored_objects')
    .set(
      stored
        ? { state: 'stored', size: stored.size, sha256: stored.sha256, stored_at: sql`now()` }
        : { state: 'granted' },
    )
    .where('bucket_name', '=', bucket)
    .where('resource_key', '=', key)
    .where('state', '=', 'receiving')
    .execute();
}

/**
 * A granted upload that went straight to the store (S3: no server route sees it arrive) is stored once the store
 * holds it within its declared size, by a HEAD of the object. Nothing changes while the store has no such object.
 */
export async function settleUpload(
  db: Db,
  storage: FileStorage,
  file: FileIdentifier,
  customerId: number,
): Promise<void> {
  const row = await db
    .selectFrom('stored_objects')
    .select('max_bytes')
    .where('bucket_name', '=', file.bucketName)
    .where('resource_key', '=', file.resourceKey)
    .where('customer_id', '=', customerId)
    .where('state', '=', 'granted')
    .executeTakeFirst();
  if (!row) return;
  const size = await storage.objectSize(file.bucketName, file.resourceKey);
  if (size === null || size === 0 || size > row.max_bytes) return;
  await db
    .updateTable('stored_objects')
    .set({ state: 'stored', size, stored_at: sql`now()` })
    .where('bucket_name', '=', file.bucketName)
    .where('resource_key', '=', file.resourceKey)
    .where('state', '=', 'granted')
    .execute();
}

/**
 * Register uploaded files to a record, in the record's transaction. Each must be stored (settled from the store
 * when it went there directly), in the customer's files, and held by no record yet: a file belongs to one record
 * at most. Returns the stored sizes, in order.
 */
export async function registerFiles(
  trx: Db,
  storage: FileStorage,
  files: readonly FileIdentifier[],
  owner: { customerId: number; as: RegisteredAs },
  refusal = 'The file has not been uploaded, or it belongs to another record',
): Promise<number[]> {
  const sizes: number[] = [];
  for (const file of files) {
    await settleUpload(trx, storage, file, owner.customerId);
    const row = await trx
      .updateTable('stored_objects')
      .set({ registered_as: owner.as, registered_at: sql`now()` })
      .where('bucket_name', '=', file.bucketName)
      .where('resource_key', '=', file.resourceKey)
      .where('customer_id', '=', owner.customerId)
      .where('state', '=', 'stored')
      .where('registered_as', 'is', null)
      .returning('size')
      .executeTakeFirst();
    if (!row) throw badRequest(refusal);
    sizes.push(row.size ?? 0);
  }
  return sizes;
}

/** Register files the server itself stores (the demo world's), whoever's they are; registered ones stay. */
export async function registerServerFile(
  db: Db,
  file: FileIdentifier,
  owner: { customerId: number; as: RegisteredAs; size: number; sha256: string },
): Promise<void> {
  await db
    .insertInto('stored_objects')
    .values({
      bucket_name: file.bucketName,
      resource_key: file.resourceKey,
      customer_id: owner.customerId,
      state: 'stored',
      max_bytes: owner.size,
      size: owner.size,
      sha256: owner.sha256,
      stored_at: sql`now()`,
      registered_as: owner.as,
      registered_at: sql`now()`,
    })
    .onConflict((oc) => oc.columns(['bucket_name', 'resource_key']).doNothing())
    .execute();
}

/** Files whose record is gone: their rows go with them (the caller removes the bytes once committed). */
export async function releaseFiles(trx: Db, files: readonly FileIdentifier[]): Promise<void> {
  for (const file of files) {
    await trx
      .deleteFrom('stored_objects')
      .where('bucket_name', '=', file.bucketName)
      .where('resource_key', '=', file.resourceKey)
      .execute();
  }
}

/** A registered file of the customer, or undefined: only those are signed for download and served. */
export function registeredFile(db: Db, file: FileIdentifier, customerId?: number) {
  let query = db
    .selectFrom('stored_objects')
    .select(['customer_id', 'registered_as', 'size', 'sha256'])
    .where('bucket_name', '=', file.bucketName)
    .where('resource_key', '=', file.resourceKey)
    .where('registered_as', 'is not', null);
  if (customerId !== undefined) query = query.where('customer_id', '=', customerId);
  return query.executeTakeFirst();
}

/** Remove uploads no record took within `orphanHours`, and grants never used, bytes and rows. */
export async function purgeOrphanFiles(
  db: Kysely<Database>,
  storage: FileStorage,
  orphanHours: number = STORAGE_QUOTA.orphanHours,
): Promise<number> {
  const orphans = await db
    .deleteFrom('stored_objects')
    .where('registered_as', 'is', null)
    .where(sql<boolean>`granted_at < now() - make_interval(hours => ${orphanHours})`)
    .returning(['bucket_name', 'resource_key'])
    .execute();
  for (const orphan of orphans) await storage.deleteObject(orphan.bucket_name, orphan.resource_key);
  return orphans.length;
}
