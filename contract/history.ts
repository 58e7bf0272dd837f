import { z } from 'zod';
import { signedIn } from './access';
import { c, envelope, IdParam, IsoDateTime, pagingQuery, standardErrors, withCommonQuery } from './common';
import { paged } from './listQuery';

/**
 * Audit history (chosen: not in spec): the domain events of an instrument, a reservation or a work order, read
 * from the append-only `events` log, newest first. No call edits or deletes an entry.
 */

export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_PAGE_MAX = 50;
/** Longest value kept for one side of a change; longer text is cut. */
export const HISTORY_VALUE_MAX = 2000;

export const HistoryValue = z.union([z.string().max(HISTORY_VALUE_MAX), z.number(), z.boolean(), z.null()]);
export type HistoryValue = z.infer<typeof HistoryValue>;

/**
 * One changed field: its key is a field of the field registry (instrument, EHS) or of the reservation
 * (start, end, comment, equipmentId, ...).
 */
export const HistoryChange = z.object({
  field: z.string().max(100),
  old: HistoryValue,
  new: HistoryValue,
});
export type HistoryChange = z.infer<typeof HistoryChange>;

export const HistoryEntry = z.object({
  /** The event's id in the log. */
  id: z.number().int().positive(),
  time: IsoDateTime,
  /** What happened, e.g. equipment.updated, document.added, reservation.created, serviceCall.requested. */
  eventType: z.string().max(100),
  /** Who did it: their name, or null when it was the system (import, seed) or the user no longer exists. */
  actorName: z.string().max(200).nullable(),
  /** What it concerned beyond the record itself: a document's or image's file name, a work order's number. */
  subject: z.string().max(300).nullable(),
  changes: z.array(HistoryChange).max(200),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const HistoryPage = paged(HistoryEntry);
export type HistoryPage = z.infer<typeof HistoryPage>;

const historyQuery = withCommonQuery(pagingQuery(HISTORY_PAGE_SIZE, HISTORY_PAGE_MAX));
const responses = { 200: envelope(HistoryPage), ...standardErrors };

export const historyContract = c.router(
  {
    equipment: {
      method: 'GET',
      path: '/api/Equipment/:id/history', // path chosen: not in spec
      pathParams: z.object({ id: IdParam }),
      query: historyQuery,
      responses,
      summary: 'The history of an instrument the caller may open (10002 otherwise), with its documents and images',
      metadata: signedIn('customerEquipment'),
    },
    reservation: {
      method: 'GET',
      path: '/api/Equipment/Reservation/:id/history', // path chosen: not in spec
      pathParams: z.object({ id: IdParam }),
      query: historyQuery,
      responses,
      summary: "The history of a reservation of the caller's customer (needs the Reservation feature)",
      metadata: signedIn('customer', { feature: 'Reservation' }),
    },
    serviceCall: {
      method: 'GET',
      path: '/api/ServiceCall/:id/history', // path chosen: not in spec
      pathParams: z.object({ id: IdParam }),
      query: historyQuery,
      responses,
      summary: "The history of a work order of the caller's customer (by serviceOrderId), with its documents",
      metadata: signedIn('customer'),
    },
  },
  { strictStatusCodes: true },
);
