import type { Reservation } from '../../../../contract/reservations';
import type { LoggedInUser } from '../../../../contract/users';
import { isViewAdmin } from '../savedViews';

/** What the signed-in user may do with a reservation; the server enforces the same rules (spec 3 section 6). */
export interface ReservationPermissions {
  edit: boolean;
  remove: boolean;
}

export const isReserver = (reservation: Reservation, user: LoggedInUser) =>
  reservation.reservedBy.userId === user.userId;

/**
 * The reserver edits a reservation that has not ended and deletes their own; an admin (role admin or PE user)
 * deletes another user's reservation that has not started.
 */
export function permissionsOf(reservation: Reservation, user: LoggedInUser, now: number): ReservationPermissions {
  const mine = isReserver(reservation, user);
  return {
    edit: mine && Date.parse(reservation.endDate) > now,
    remove: mine || (isViewAdmin(user) && Date.parse(reservation.startDate) > now),
  };
}
