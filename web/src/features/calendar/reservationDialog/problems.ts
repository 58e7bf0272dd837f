import { ErrorCode, errorMessageKey, GLOBAL_ERROR_CODES } from '../../../../../contract/errors';
import { ReservationMessage } from '../../../../../contract/reservations';
import { requestErrorOf } from '../../../lib/requestErrors';

/** What went wrong, as an i18n key with its namespace; null when nothing is to be said here (aborted, session). */
export type ProblemKey = string | null;

/** Business errors of the reservation calls whose catalogue text says exactly what happened. */
const BUSINESS_CODES: readonly number[] = [
  ErrorCode.ReservationConflict,
  ErrorCode.ReservationChanged,
  ErrorCode.EquipmentNotFound,
];

const RESERVATION_MESSAGES = new Set<string>(Object.values(ReservationMessage));

/** Why saving a reservation failed. */
export function saveProblemOf(e: unknown): ProblemKey {
  const error = requestErrorOf(e);
  switch (error.kind) {
    case 'aborted':
      return null;
    case 'network':
      return 'errorMessage:network_error';
    case 'api':
      if (GLOBAL_ERROR_CODES.includes(error.errorCode)) return null;
      return BUSINESS_CODES.includes(error.errorCode)
        ? `errorMessage:${errorMessageKey(error.errorCode)}`
        : 'reservation:save_refused';
    case 'http':
      if (error.status === 401) return null;
      if (error.status === 403) return 'reservation:save_not_allowed';
      if (error.status === 404) return 'reservation:reservation_gone';
      if (error.status === 429) return 'errorMessage:too_many_requests';
      if (error.status === 400) {
        return error.errorMessage && RESERVATION_MESSAGES.has(error.errorMessage)
          ? `reservation:${error.errorMessage}`
          : 'reservation:save_refused';
      }
      return 'errorMessage:system_error';
  }
}

/** Why deleting a reservation failed. */
export function removeProblemOf(e: unknown): ProblemKey {
  const error = requestErrorOf(e);
  switch (error.kind) {
    case 'aborted':
      return null;
    case 'network':
      return 'errorMessage:network_error';
    case 'api':
      return GLOBAL_ERROR_CODES.includes(error.errorCode) ? null : 'reservation:delete_refused';
    case 'http':
      if (error.status === 401) return null;
      if (error.status === 403) return 'reservation:delete_not_allowed';
      if (error.status === 404) return 'reservation:reservation_gone';
      if (error.status === 429) return 'errorMessage:too_many_requests';
      if (error.status === 400) return 'reservation:delete_refused';
      return 'errorMessage:system_error';
  }
}
