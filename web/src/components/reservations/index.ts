export { ReservationDialog, type ReservationDialogProps } from './ReservationDialog';
export { useReservationRemoval, type ReservationRemoval } from './useReservationRemoval';
export { ReserverAvatar } from './ReserverAvatar';
export { isReserver, permissionsOf, type ReservationPermissions } from './reservationRules';
export { RESERVATION_HISTORY_FIELDS } from './reservationHistoryFields';
