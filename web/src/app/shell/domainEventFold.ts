import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  DomainEventCursorMessage,
  DomainEventMessage,
  PUBLISHED_ENTITY_TYPES,
  type PublishedEntityType,
} from '../../../../contract/domainEvents';
import { documentKeys } from '../../components/documents/api/documentKeys';
import { historyKeys, type HistoryKind } from '../../components/history/historyKeys';
import { reservationKeys } from '../../components/reservations/reservationKeys';
import { serviceCallKeys } from '../../components/serviceCalls/serviceCallKeys';
import { equipmentKeys } from '../../lib/equipmentKeys';

/**
 * What each kind of change makes stale: the first parts of the query keys whose data shows it (the inventory and
 * the instrument page under 'equipment', the calendar and upcoming reservations, the service-call lists, the
 * document lists). Open screens re-read through their own calls, so what they show is what the reader may see.
 */
const STALE_AFTER: Record<PublishedEntityType, QueryKey[]> = {
  equipment: [equipmentKeys.all, reservationKeys.all, serviceCallKeys.all],
  document: [documentKeys.all, equipmentKeys.all, serviceCallKeys.all],
  reservation: [reservationKeys.all],
  serviceCall: [serviceCallKeys.all, equipmentKeys.all],
};

const EVERYTHING: QueryKey[] = [
  ...new Set([...PUBLISHED_ENTITY_TYPES.flatMap((t) => STALE_AFTER[t].map((k) => k[0])), historyKeys.all[0]]),
].map((first) => [first]);

/**
 * The histories an event adds an entry to: the record's own when the message names it (an instrument, a
 * reservation, a work order by its id), else every history of the kinds it may concern (a document belongs to an
 * instrument or a work order the message does not name).
 */
function historiesAfter({ entityType, entityId }: DomainEventMessage): QueryKey[] {
  const id = /^\d+$/.test(entityId) ? Number(entityId) : null;
  const own = (kind: HistoryKind) => (id === null ? historyKeys[kind]() : historyKeys[kind](id));
  switch (entityType) {
    case 'equipment':
      return [own('equipment')];
    case 'reservation':
      return [own('reservation')];
    case 'serviceCall':
      // A service request is also in its instrument's history, which the message does not name.
      return [own('serviceCall'), historyKeys.equipment()];
    case 'document':
      return [historyKeys.equipment(), historyKeys.serviceCall()];
  }
}

/**
 * The one place where the customer's domain events, pushed by the hub, fold into what the portal shows. It keeps
 * the last event id it has folded, which the hello of a reconnecting socket sends, so the hub replays what the page
 * missed while it was away (or says it missed too much, and everything is re-read).
 */
export function createDomainEventFold(queryClient: QueryClient) {
  let seen: number | undefined;
  const invalidate = (keys: QueryKey[]) => keys.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }));
  return {
    /** The last event id folded in, for the hello. */
    since: () => seen,
    /** Folds a hub message in; false when it is not a domain-event message. */
    fold(message: unknown): boolean {
      const event = DomainEventMessage.safeParse(message);
      if (event.success) {
        if (seen === undefined || event.data.id > seen) seen = event.data.id;
        invalidate([...STALE_AFTER[event.data.entityType], ...historiesAfter(event.data)]);
        return true;
      }
      const cursor = DomainEventCursorMessage.safeParse(message);
      if (!cursor.success) return false;
      if (cursor.data.gap) invalidate(EVERYTHING);
      if (seen === undefined || cursor.data.id > seen) seen = cursor.data.id;
      return true;
    },
  };
}
