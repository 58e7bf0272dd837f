import { z } from 'zod';

/**
 * Domain events pushed over the real-time hub /signalr to every open page of the customer whose data changed. chosen:
 * not in spec. A message names what changed and its version (the event's id in the append-only log), never the
 * data: the page re-reads what it shows through the calls it already makes, which check the reader's rights.
 * Hub messages are not REST routes, so these schemas are their contract.
 */

/** The entities whose changes are published; other events (sign-ins, preferences, mail routing) stay in the log. */
export const PUBLISHED_ENTITY_TYPES = ['equipment', 'document', 'reservation', 'serviceCall'] as const;
export type PublishedEntityType = (typeof PUBLISHED_ENTITY_TYPES)[number];

/** At most this many events are replayed to a page that reconnects; further behind, it is told to re-read all. */
export const DOMAIN_EVENT_REPLAY_MAX = 200;

export const DomainEventMessage = z.object({
  type: z.literal('domainEvent'),
  /** The event's id: increasing, so it is also the version a page has seen. */
  id: z.number().int().positive(),
  entityType: z.enum(PUBLISHED_ENTITY_TYPES),
  entityId: z.string().max(64),
  eventType: z.string().max(100),
});
export type DomainEventMessage = z.infer<typeof DomainEventMessage>;

/** Answer to a hello: the newest event id the page may build on, and whether it missed more than can be replayed. */
export const DomainEventCursorMessage = z.object({
  type: z.literal('domainEventCursor'),
  id: z.number().int().nonnegative(),
  /** True when the page's `since` lies more than DOMAIN_EVENT_REPLAY_MAX events back: it should re-read everything. */
  gap: z.boolean(),
});
export type DomainEventCursorMessage = z.infer<typeof DomainEventCursorMessage>;
