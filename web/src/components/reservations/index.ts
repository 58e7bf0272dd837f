export { ReservationDialog, type ReservationDialogProps } from './ReservationDialog';
export { useReservationRemoval, type ReservationRemoval } from './useReservationRemoval';
