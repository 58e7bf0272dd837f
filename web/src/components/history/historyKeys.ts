import { queryKeys } from '../../lib/queryKeys';

/** The records that have a history, as the contract's history calls name them. */
export type HistoryKind = 'equipment' | 'reservation' | 'serviceCall';

const ofKind = (id?: number) => (id === undefined ? [] : [id]);

/**
 * The query keys of the audit histories: all of them, all of one kind (`historyKeys.equipment()`), or one record's
 * (`historyKeys.equipment(7)`, its loaded pages). The domain-event fold makes them stale when the record changes.
 */
export const historyKeys = queryKeys('history', { equipment: ofKind, reservation: ofKind, serviceCall: ofKind });
