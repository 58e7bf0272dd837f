import { ErrorCode, errorMessageKey, GLOBAL_ERROR_CODES } from '../../../../contract/errors';
import { ReservationMessage } from '../../../../contract/reservations';
import { requestErrorOf } from '../../lib/requestErrors';

/** What went wrong, as an i18n key with its namespace; null when nothing is to be said here (aborted, session). */
export type ProblemKey = string | null;

/** Business errors of the reservation calls whose catalogue text says exactly what happened. */
const BUSINESS_CODES: readonly number[] = [
  ErrorCode.ReservationConflict,
  ErrorCode.ReservationChanged,
  ErrorCode.EquipmentNotFound,
];

const RESERVATION_MESSAGES = new Set<string>(Object.values(ReservationMessage));

/** What the reservation calls answer differently: business errors, 403 and 400. */
interface CallProblems {
  /** A business error that is not about the session. */
  api(errorCode: number): string;
  notAllowed: string;
  badRequest(errorMessage: string | undefined): string;
}

function problemOf(e: unknown, problems: CallProblems): ProblemKey {
  const error = requestErrorOf(e);
  switch (error.kind) {
    case 'aborted':
      return null;
    case 'network':
      return 'errorMessage:network_error';
    case 'api':
      return GLOBAL_ERROR_CODES.includes(error.errorCode) ? null : problems.api(error.errorCode);
    case 'http':
      if (error.status === 401) return null;
      if (error.status === 403) return problems.notAllowed;
      if (error.status === 404) return 'reservation:reservation_gone';
      if (error.status === 429) return 'errorMessage:too_many_requests';
      if (error.status === 400) return problems.badRequest(error.errorMessage);
      return 'errorMessage:system_error';
  }
}

/** Why saving a reservation failed. */
export const saveProblemOf = (e: unknown): ProblemKey =>
  problemOf(e, {
    api: (errorCode) =>
      BUSINESS_CODES.includes(errorCode) ? `errorMessage:${errorMessageKey(errorCode)}` : 'reservation:save_refused',
    notAllowed: 'reservation:save_not_allowed',
    badRequest: (errorMessage) =>
      errorMessage && RESERVATION_MESSAGES.has(errorMessage)
        ? `reservation:${errorMessage}`
        : 'reservation:save_refused',
  });

/** Why deleting a reservation failed. */
export const removeProblemOf = (e: unknown): ProblemKey =>
  problemOf(e, {
    api: () => 'reservation:delete_refused',
    notAllowed: 'reservation:delete_not_allowed',
    badRequest: () => 'reservation:delete_refused',
  });
