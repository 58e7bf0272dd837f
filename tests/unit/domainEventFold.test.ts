import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createDomainEventFold } from '../../web/src/app/shell/domainEventFold';

/** A query cache holding one query per family the portal shows, none of them stale yet. */
function cache() {
  const client = new QueryClient();
  const keys = [
    ['equipment', 'list'],
    ['equipment', 'detail', 7],
    ['reservations', 'calendar'],
    ['serviceCalls', 'list'],
    ['documents', 'equipment', 7],
    ['preference', 'inventory'],
    ['history', 'equipment', 7],
    ['history', 'equipment', 8],
    ['history', 'reservation', 7],
    ['history', 'serviceCall', 7],
  ];
  for (const key of keys) client.setQueryData(key, 'fresh');
  const stale = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((q) => q.isStale())
      .map((q) => q.queryKey.join('/'))
      .sort();
  return { client, stale };
}

const event = (id: number, entityType: string, eventType = `${entityType}.updated`, entityId = '7') => ({
  type: 'domainEvent',
  id,
  entityType,
  entityId,
  eventType,
});

describe('domain event fold', () => {
  it('a reservation makes the reservation queries and its own history stale and nothing else', () => {
    const { client, stale } = cache();
    const fold = createDomainEventFold(client);
    expect(fold.fold(event(5, 'reservation'))).toBe(true);
    expect(stale()).toEqual(['history/reservation/7', 'reservations/calendar']);
  });

  it('an instrument change makes the inventory, the instrument page and its history, reservations and service calls stale', () => {
    const { client, stale } = cache();
    createDomainEventFold(client).fold(event(5, 'equipment'));
    expect(stale()).toEqual([
      'equipment/detail/7',
      'equipment/list',
      'history/equipment/7',
      'reservations/calendar',
      'serviceCalls/list',
    ]);
  });

  it('a document makes document lists, their counts and every instrument and work-order history stale; a saved view is never touched', () => {
    const { client, stale } = cache();
    createDomainEventFold(client).fold(event(5, 'document'));
    expect(stale()).toEqual([
      'documents/equipment/7',
      'equipment/detail/7',
      'equipment/list',
      'history/equipment/7',
      'history/equipment/8',
      'history/serviceCall/7',
      'serviceCalls/list',
    ]);
  });

  it("a service request makes the service-call lists, the instrument pages, that order's history and every instrument history stale", () => {
    const { client, stale } = cache();
    createDomainEventFold(client).fold(event(5, 'serviceCall', 'serviceCall.requested'));
    expect(stale()).toEqual([
      'equipment/detail/7',
      'equipment/list',
      'history/equipment/7',
      'history/equipment/8',
      'history/serviceCall/7',
      'serviceCalls/list',
    ]);
  });

  it("an image of another instrument makes only that instrument's history stale, not this one's", () => {
    const { client, stale } = cache();
    createDomainEventFold(client).fold(event(5, 'equipment', 'equipment.imageAdded', '8'));
    expect(stale().filter((key) => key.startsWith('history/'))).toEqual(['history/equipment/8']);
  });

  it('an event whose record the message does not name by number makes every history of its kind stale', () => {
    const { client, stale } = cache();
    createDomainEventFold(client).fold(event(5, 'equipment', 'equipment.updated', 'abc'));
    expect(stale().filter((key) => key.startsWith('history/'))).toEqual(['history/equipment/7', 'history/equipment/8']);
  });

  it('keeps the newest id as the version to say hello with, from events and the cursor', () => {
    const { client } = cache();
    const fold = createDomainEventFold(client);
    expect(fold.since()).toBeUndefined();
    fold.fold({ type: 'domainEventCursor', id: 40, gap: false });
    expect(fold.since()).toBe(40);
    fold.fold(event(42, 'reservation'));
    fold.fold(event(41, 'reservation'));
    expect(fold.since()).toBe(42);
  });

  it('a gap makes every family stale; a cursor without a gap makes nothing stale', () => {
    const { client, stale } = cache();
    const fold = createDomainEventFold(client);
    fold.fold({ type: 'domainEventCursor', id: 10, gap: false });
    expect(stale()).toEqual([]);
    fold.fold({ type: 'domainEventCursor', id: 900, gap: true });
    expect(stale()).toEqual([
      'documents/equipment/7',
      'equipment/detail/7',
      'equipment/list',
      'history/equipment/7',
      'history/equipment/8',
      'history/reservation/7',
      'history/serviceCall/7',
      'reservations/calendar',
      'serviceCalls/list',
    ]);
  });

  it('leaves other messages and malformed events to the caller, changing nothing', () => {
    const { client, stale } = cache();
    const fold = createDomainEventFold(client);
    for (const message of [
      { type: 'unreadCount', count: 3 },
      { ...event(5, 'user'), entityType: 'user' },
      { ...event(-1, 'equipment') },
      { type: 'domainEvent', id: 5 },
      null,
      'domainEvent',
    ]) {
      expect(fold.fold(message)).toBe(false);
    }
    expect(stale()).toEqual([]);
    expect(fold.since()).toBeUndefined();
  });
});
