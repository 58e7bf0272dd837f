import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import { EquipmentInput, type ContractInput } from '../../../contract/equipment';
import type { Database, EquipmentTable } from '../db/schema';
import { EQUIPMENT_FIELDS } from './fields';
import { changesOf, own } from '../history/changes';
import type { HistoryChange } from '../../../contract/history';

type Db = Kysely<Database> | Transaction<Database>;

/** Body keys of EquipmentInput that are not equipment columns. */
const NOT_COLUMNS = new Set(['locationId', 'contract']);

/** API names of the equipment fields an add or edit writes (the columns of EquipmentInput). */
export const EQUIPMENT_INPUT_FIELDS: readonly string[] = Object.keys(EquipmentInput.shape).filter(
  (name) => !NOT_COLUMNS.has(name),
);

/** The column of a writable API field, from the field registry. */
function columnOf(field: string): keyof EquipmentTable {
  const registered = Object.hasOwn(EQUIPMENT_FIELDS, field) ? EQUIPMENT_FIELDS[field] : undefined;
  if (!registered?.column.startsWith('equipment.')) throw new Error(`${field} is not an equipment column`);
  return registered.column.slice('equipment.'.length) as keyof EquipmentTable;
}

const COLUMN_OF_FIELD = new Map(EQUIPMENT_INPUT_FIELDS.map((field) => [field, columnOf(field)]));

/**
 * Equipment columns of a validated body (EquipmentInput, EquipmentEdit, a row edit or an imported row): every
 * writable field present in `values`; an absent (undefined) field is left out, so an update leaves it unchanged.
 * Empty texts are stored as null. Keys that are not writable equipment fields are ignored.
 */
export function equipmentColumnsOf(
  values: Readonly<Record<string, unknown>>,
  fields: readonly string[] = EQUIPMENT_INPUT_FIELDS,
): Updateable<EquipmentTable> {
  const columns: Record<string, unknown> = {};
  for (const field of fields) {
    const column = COLUMN_OF_FIELD.get(field) ?? columnOf(field);
    const value = values[field];
    if (value === undefined) continue;
    columns[column] = typeof value === 'string' && value.trim() === '' ? null : value;
  }
  return columns as Updateable<EquipmentTable>;
}

/** Writable equipment fields outside the field registry. */
const EXTRA_COLUMNS: Readonly<Record<string, string>> = { locationId: 'location_id', isHidden: 'is_hidden' };

/** The fields an add or edit changed between two versions of an equipment row (null: it did not exist). */
export function equipmentChanges(
  before: Readonly<Record<string, unknown>> | null,
  after: Readonly<Record<string, unknown>> | null,
  fields: readonly string[] = [...EQUIPMENT_INPUT_FIELDS, 'locationId'],
): HistoryChange[] {
  const column = (field: string) => EXTRA_COLUMNS[field] ?? COLUMN_OF_FIELD.get(field) ?? columnOf(field);
  return changesOf(fields, before, after, (row, field) => own(row, column(field)));
}

/** The name an equipment change is recorded under (changedByCust). */
export async function changerName(db: Db, userId: number): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return `${user.first_name} ${user.last_name}`.slice(0, 61);
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Contract info with every field empty: the client drops it, the server treats it as none. */
export const isEmptyContract = (contract: ContractInput | null | undefined) =>
  !contract || Object.values(contract).every(isBlank);

/** Delete the vendor (non-provider) contracts among these that no equipment is linked to any longer. */
export async function dropOrphanVendorContracts(trx: Transaction<Database>, contractIds: readonly number[]) {
  if (contractIds.length === 0) return;
  await trx
    .deleteFrom('contracts')
    .where('id', 'in', contractIds)
    .where('is_pe_contract', '=', false)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('equipment_contracts')
            .select(sql`1`.as('one'))
            .whereRef('equipment_contracts.contract_id', '=', 'contracts.id'),
        ),
      ),
    )
    .execute();
}

/** Unlink every contract of an equipment, deleting the vendor contracts left without equipment. */
export async function unlinkContracts(trx: Transaction<Database>, equipmentId: number): Promise<void> {
  const linked = await trx
    .deleteFrom('equipment_contracts')
    .where('equipment_id', '=', equipmentId)
    .returning('contract_id')
    .execute();
  await dropOrphanVendorContracts(
    trx,
    linked.map((l) => l.contract_id),
  );
}

/**
 * Link the contract info of user-added equipment, replacing its contracts. A contract number the customer
 * already has is linked (a vendor contract of the customer takes the entered values; a provider contract stays as
 * it is); a new number creates a vendor contract (is_pe_contract false).
 */
export async function linkVendorContract(
  trx: Transaction<Database>,
  customerId: number,
  equipmentId: number,
  contract: ContractInput,
): Promise<void> {
  await unlinkContracts(trx, equipmentId);
  const number = contract.contractId?.trim();
  if (!number || !contract.effectiveDate || !contract.contractExpiry || !contract.contractType) return;
  const values = {
    po_number: contract.poNumber || null,
    contract_type: contract.contractType,
    description: contract.desc || null,
    effective_date: contract.effectiveDate,
    contract_expiry: contract.contractExpiry,
    billing_date: contract.billingDate || null,
    billing_status: contract.billingStatus || null,
  };
  const existing = await trx
    .selectFrom('contracts')
    .select(['id', 'is_pe_contract'])
    .where('customer_id', '=', customerId)
    .where('vendor_contract_id', '=', number)
    .orderBy('is_pe_contract', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  let contractId: number;
  if (existing) {
    contractId = existing.id;
    if (!existing.is_pe_contract)
      await trx.updateTable('contracts').set(values).where('id', '=', existing.id).execute();
  } else {
    const created = await trx
      .insertInto('contracts')
      .values({ ...values, customer_id: customerId, vendor_contract_id: number, is_pe_contract: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    contractId = created.id;
  }
  await trx
    .insertInto('equipment_contracts')
    .values({ equipment_id: equipmentId, contract_id: contractId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
