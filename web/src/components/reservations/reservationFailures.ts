import { ErrorCode, errorMessageKey } from '../../../../contract/errors';
import { ReservationMessage } from '../../../../contract/reservations';
import type { FailureMessage, FailureRules } from '../../lib/failureMessage';

/** Business errors of the reservation calls whose catalogue text says exactly what happened. */
const BUSINESS_CODES: readonly number[] = [
  ErrorCode.ReservationConflict,
  ErrorCode.ReservationChanged,
  ErrorCode.EquipmentNotFound,
];

const byKey = (keys: readonly (string | number)[], keyOf: (k: string | number) => string) =>
  Object.fromEntries(keys.map((k): [string, FailureMessage] => [String(k), { key: keyOf(k) }]));

const GONE = { key: 'reservation:reservation_gone' };

/** How a failed save of a reservation is worded. */
export const SAVE_FAILURES: FailureRules = {
  failed: { key: 'reservation:save_refused' },
  notAllowed: { key: 'reservation:save_not_allowed' },
  notFound: GONE,
  byErrorCode: byKey(BUSINESS_CODES, (code) => `errorMessage:${errorMessageKey(Number(code))}`),
  byRefusal: byKey(Object.values(ReservationMessage), (message) => `reservation:${message}`),
};

/** How a failed deletion of a reservation is worded. */
export const REMOVE_FAILURES: FailureRules = {
  failed: { key: 'reservation:delete_refused' },
  notAllowed: { key: 'reservation:delete_not_allowed' },
  notFound: GONE,
};
