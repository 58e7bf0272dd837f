import type { Kysely } from 'kysely';
import { ErrorCode } from '../../../contract/errors';
import type { Database } from '../db/schema';
import { fail } from '../lib/envelope';
import { forbidden, Refusal } from '../lib/problem';
import {
  findEquipment,
  productAddingEnabled,
  unreachedEquipmentIds,
  type EquipmentListRow,
  type EquipmentScope,
  type InstrumentReach,
} from './queries';

/** Whom one instrument is reached for; with the user, the row says whether it is on the user's list. */
export type EquipmentReach = InstrumentReach & { userId?: number };

/** What a caller reaches of single instruments: the customer's, and provider staff also its hidden ones. */
export const equipmentScopeOf = (actor: Required<EquipmentReach>): EquipmentScope => ({
  customerId: actor.customerId,
  userId: actor.userId,
  isPEUser: actor.isPEUser,
});

/** The answer for an instrument the caller may not reach or that does not exist: the same, so an id reveals nothing. */
export const equipmentNotFound = (id: number) => fail(ErrorCode.EquipmentNotFound, `No equipment ${id}`);

/**
 * The one record check of an instrument by id, for every route that takes one (its files included): the caller's
 * customer's, and a hidden one only for provider staff; else errorCode 10002 as for an unknown id. With `lock`, in a
 * transaction, the instrument's row stays locked until commit.
 */
export async function requireEquipment(
  db: Kysely<Database>,
  reach: EquipmentReach,
  id: number,
  lock = false,
): Promise<EquipmentListRow> {
  const row = await findEquipment(db, reach, id, lock);
  if (!row) throw new Refusal(ErrorCode.EquipmentNotFound, `No equipment ${id}`);
  return row;
}

/** Each id's instrument, checked as `requireEquipment` does; the first unreached id refuses the whole batch. */
export async function requireEveryEquipment(db: Kysely<Database>, reach: EquipmentReach, ids: readonly number[]) {
  const unreached = await unreachedEquipmentIds(db, reach, ids);
  if (unreached.length > 0) throw new Refusal(ErrorCode.EquipmentNotFound, `No equipment ${unreached[0]}`);
}

/** Adding an instrument is refused (403) when the customer's product adding is off (customerPermission). */
export async function requireProductAdding(db: Kysely<Database>, customerId: number): Promise<void> {
  if (!(await productAddingEnabled(db, customerId))) throw forbidden('Adding products is disabled for your company');
}
