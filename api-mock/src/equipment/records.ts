import { ErrorCode } from '../../../contract/errors';
import type { Actor } from '../auth/actor';
import { fail } from '../lib/envelope';
import type { EquipmentScope } from './queries';

/** What a caller reaches of single instruments: the customer's, and provider staff also its hidden ones. */
export const equipmentScopeOf = (actor: Actor): EquipmentScope => ({
  customerId: actor.customerId,
  userId: actor.userId,
  isPEUser: actor.isPEUser,
});

/** The answer for an instrument the caller may not reach or that does not exist: the same, so an id reveals nothing. */
export const equipmentNotFound = (id: number) => fail(ErrorCode.EquipmentNotFound, `No equipment ${id}`);
