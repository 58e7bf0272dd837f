import type { HistoryFields } from '../history/historyValues';

/** The reservation's fields as the reservation dialog labels them. */
const LABEL_KEYS: Readonly<Record<string, string>> = {
  startDate: 'reservation:start',
  endDate: 'reservation:end',
  comments: 'reservation:comments',
  equipmentId: 'reservation:instrument',
};

/** A reservation's fields in its history; the times are ISO date-times, which the history words itself. */
export const RESERVATION_HISTORY_FIELDS: HistoryFields = {
  label: (t, field) => (Object.hasOwn(LABEL_KEYS, field) ? t(LABEL_KEYS[field]!) : undefined),
};
