/** Every reservation query (the calendar, upcoming reservations) starts with this key; a change invalidates it. */
export const RESERVATIONS_KEY = 'reservations';
