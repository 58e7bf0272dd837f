import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database, ServiceCallsTable } from '../db/schema';

/** The next service order number, and the id it is made from: SR followed by eight digits. */
export async function nextServiceOrder(trx: Transaction<Database>): Promise<{ id: number; serviceOrderNo: string }> {
  const { rows } = await sql<{
    id: string;
  }>`select nextval(pg_get_serial_sequence('service_calls', 'id')) as id`.execute(trx);
  const id = Number(rows[0]!.id);
  return { id, serviceOrderNo: `SR${String(id).padStart(8, '0')}` };
}

/** Columns of the equipment a new work order keeps as they were when it was raised. */
const SNAPSHOT_COLUMNS = [
  'mfg',
  'model',
  'serial',
  'pki_tag',
  'system_id',
  'system_nick_name',
  'dtype',
  'building',
  'floor',
  'department',
  'cost_center',
  'asset_id',
] as const;

/** An instrument of the customer with the columns a new work order keeps and its site. */
export const equipmentSnapshot = (db: Kysely<Database>, customerId: number, id: number) =>
  db
    .selectFrom('equipment')
    .innerJoin('locations', 'locations.id', 'equipment.location_id')
    .select([
      'locations.city',
      'locations.id as location_id',
      ...SNAPSHOT_COLUMNS.map((c) => `equipment.${c}` as const),
      'equipment.id',
    ])
    .where('equipment.id', '=', id)
    .where('equipment.customer_id', '=', customerId)
    .executeTakeFirstOrThrow();

export type EquipmentSnapshot = Awaited<ReturnType<typeof equipmentSnapshot>>;

/** The name, address and site of the requester. */
export const requesterOf = (db: Kysely<Database>, userId: number) =>
  db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email', 'location_id'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();

/** An active user of the customer a request is raised for, or undefined. */
export const requestedForUser = (db: Kysely<Database>, customerId: number, userId: number) =>
  db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', '=', userId)
    .where('customer_id', '=', customerId)
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/** The snapshot columns of a new work order: the instrument and site as they are now, or none. */
export const snapshotValues = (equipment: EquipmentSnapshot | null) => ({
  city: equipment?.city ?? null,
  ...Object.fromEntries(SNAPSHOT_COLUMNS.map((c) => [c, equipment?.[c] ?? null])),
});

export async function insertServiceCall(
  trx: Transaction<Database>,
  values: Insertable<ServiceCallsTable>,
): Promise<void> {
  await trx.insertInto('service_calls').values(values).execute();
}

export async function insertServiceCallAttachments(
  trx: Transaction<Database>,
  serviceCallId: number,
  files: readonly { bucketName: string; resourceKey: string; fileName: string; size: number }[],
): Promise<void> {
  await trx
    .insertInto('service_call_attachments')
    .values(
      files.map((file) => ({
        service_call_id: serviceCallId,
        bucket_name: file.bucketName,
        resource_key: file.resourceKey,
        file_name: file.fileName,
        size: file.size,
      })),
    )
    .execute();
}
