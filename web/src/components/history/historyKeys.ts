/** The records that have a history, as the contract's history calls name them. */
export type HistoryKind = 'equipment' | 'reservation' | 'serviceCall';

/** The first part of every history query's key. */
export const HISTORY_KEY = 'history';

/**
 * The query keys of the audit histories: all of them, all of one kind, or one record's (its loaded pages). The
 * domain-event fold makes them stale when the record changes.
 */
export const historyKeys = {
  all: [HISTORY_KEY] as const,
  kind: (kind: HistoryKind) => [HISTORY_KEY, kind] as const,
  of: (kind: HistoryKind, id: number) => [HISTORY_KEY, kind, id] as const,
};
