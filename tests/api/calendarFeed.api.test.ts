import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_FEED_RESERVATIONS_MAX, calendarFeedPath, type CalendarFeed } from '../../contract/calendarFeed';
import type { Reservation } from '../../contract/reservations';
import { resultOf } from '../support/apiCalls';
import { startApiServer } from '../support/apiServer';
import { signedIn, type InjectClient } from '../support/injectClient';
import { TEST_PUBLIC_ORIGIN } from '../support/testServer';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let server: Awaited<ReturnType<typeof startApiServer>>;
let user: InjectClient;
let manager: InjectClient;
let globex: InjectClient;
beforeAll(async () => {
  server = await startApiServer();
  user = (await signedIn(server.app, 'user@acme-labs.example')).client;
  manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
  globex = (await signedIn(server.app, 'user@globex.example')).client;
});
afterAll(() => server.close());

const db = () => server.database.db;
const userOf = (email: string) =>
  db().selectFrom('users').select(['id', 'customer_id']).where('email', '=', email).executeTakeFirstOrThrow();

/** Whole hours from the next midnight UTC. */
const at = (days: number, hour: number) => new Date(Math.ceil(Date.now() / DAY) * DAY + days * DAY + hour * HOUR);

const feedOf = async (client: InjectClient, regenerate = false) =>
  resultOf<CalendarFeed>(await client.calendarFeed.create({ query: {}, body: { regenerate } })).feed!;

const pathOf = (url: string) => {
  expect(url.startsWith(`${TEST_PUBLIC_ORIGIN}/api/CalendarFeed/`)).toBe(true);
  return url.slice(TEST_PUBLIC_ORIGIN.length);
};

/** GET a feed as a calendar app does: no session, no cookie. */
const fetchFeed = (path: string) => server.app.inject({ method: 'GET', url: path });

interface FeedEvent {
  uid: string;
  summary: string;
  start: string;
  end: string;
  lastModified: string | null;
}

const eventsOf = (text: string): FeedEvent[] => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const modified = component.getFirstPropertyValue('last-modified') as ICAL.Time | null;
    expect(component.getFirstPropertyValue('dtstamp')).toBeTruthy();
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      lastModified: modified ? modified.toJSDate().toISOString() : null,
    };
  });
};

/** A visible instrument of the customer on the user's own list. */
const followedInstrument = async (userId: number, customerId: number) =>
  (
    await db()
      .selectFrom('equipment')
      .select(['id', 'location_id'])
      .where('customer_id', '=', customerId)
      .where('is_hidden', '=', false)
      .where(({ eb, val }) => eb(val(userId), '=', eb.fn.any('follower_ids')))
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow()
  ).id;

let orderNo = 0;
const scheduleVisit = async (customerId: number, equipmentId: number, start: Date, end: Date | null) =>
  (
    await db()
      .insertInto('service_calls')
      .values({
        customer_id: customerId,
        equipment_id: equipmentId,
        service_order_no: `FEED-${++orderNo}-${Date.now()}`,
        call_status: 'Released',
        job_type: 'Preventive maintenance',
        start_date: start,
        end_date: end,
        date_time_call_received: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

describe('the account calls', () => {
  it('has no feed until one is made, then shows the same address again on every read', async () => {
    const before = resultOf<CalendarFeed>(await manager.calendarFeed.get({ query: {} }));
    expect(before.feed).toBeNull();
    const made = await feedOf(manager);
    expect(made.url).toMatch(/^http:\/\/portal\.test\/api\/CalendarFeed\/[A-Za-z0-9_-]{43}\/calendar\.ics$/);
    const again = resultOf<CalendarFeed>(await manager.calendarFeed.get({ query: {} }));
    expect(again.feed).toEqual(made);
    expect(await feedOf(manager)).toEqual(made);

    const { id } = await userOf('manager@acme-labs.example');
    const stored = await db().selectFrom('calendar_feeds').selectAll().where('user_id', '=', id).execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(made.url!.split('/').at(-2));
    const events = await db()
      .selectFrom('events')
      .select('event_type')
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', String(id))
      .where('event_type', 'like', 'calendarFeed.%')
      .execute();
    expect(events.map((e) => e.event_type)).toEqual(['calendarFeed.created']);
  });

  it('regenerating ends the old address with 404 and the new one answers a calendar', async () => {
    const old = await feedOf(manager);
    const renewed = await feedOf(manager, true);
    expect(renewed.url).not.toBe(old.url);
    const { id } = await userOf('manager@acme-labs.example');
    const last = await db()
      .selectFrom('events')
      .select('event_type')
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', String(id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.event_type).toBe('calendarFeed.regenerated');
    expect((await fetchFeed(pathOf(old.url!))).statusCode).toBe(404);
    const res = await fetchFeed(pathOf(renewed.url!));
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^BEGIN:VCALENDAR/);
  });

  it('names PUBLIC_ORIGIN in the address, whatever host the request came with', async () => {
    const { jar } = await signedIn(server.app, 'manager@acme-labs.example');
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/Users/calendarFeed',
      headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
      cookies: Object.fromEntries(jar),
    });
    const feed = (res.json() as { result: CalendarFeed }).result.feed!;
    expect(feed.url!.startsWith(`${TEST_PUBLIC_ORIGIN}/`)).toBe(true);
  });

  it('says an address exists but cannot be shown when the server can no longer make it, and the address still works', async () => {
    const { id } = await userOf('manager@acme-labs.example');
    const shown = await feedOf(manager);
    // As after a change of the signing secret: the stored nonce no longer gives the stored token.
    await db().updateTable('calendar_feeds').set({ nonce: 'another-nonce' }).where('user_id', '=', id).execute();
    const now = resultOf<CalendarFeed>(await manager.calendarFeed.get({ query: {} })).feed!;
    expect(now).toEqual({ url: null, createdTime: shown.createdTime });
    expect((await fetchFeed(pathOf(shown.url!))).statusCode).toBe(200);
    const renewed = await feedOf(manager, true);
    expect(renewed.url).not.toBeNull();
    expect((await fetchFeed(pathOf(shown.url!))).statusCode).toBe(404);
  });

  it('refuses a caller who is not signed in, and a body with more than regenerate', async () => {
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/Users/calendarFeed' });
    expect(anonymous.statusCode).toBe(401);
    const extra = await user.calendarFeed.create({ query: {}, body: { regenerate: false, userId: 1 } as never });
    expect(extra.status).toBe(400);
  });
});

describe('the feed', () => {
  it("holds the user's reservations and the followed instruments' visits in UTC, with the caching and type a calendar app reads", async () => {
    const me = await userOf('user@acme-labs.example');
    const equipmentId = await followedInstrument(me.id, me.customer_id);
    const made = resultOf<{ items: Reservation[] }>(
      await user.reservations.create({
        params: { id: equipmentId },
        query: {},
        body: { startDate: at(3, 9).toISOString(), endDate: at(3, 11).toISOString() },
      }),
    ).items[0]!;
    const visit = await scheduleVisit(me.customer_id, equipmentId, at(5, 8), at(5, 12));
    const openEnded = await scheduleVisit(me.customer_id, equipmentId, at(6, 14), null);

    const res = await fetchFeed(pathOf((await feedOf(user)).url!));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const events = eventsOf(res.body);
    expect(events).toContainEqual(
      expect.objectContaining({
        uid: `reservation-${made.reservationId}@portal.test`,
        start: at(3, 9).toISOString(),
        end: at(3, 11).toISOString(),
        summary: expect.stringMatching(/^Reservation: /),
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        uid: `work-order-${visit}@portal.test`,
        start: at(5, 8).toISOString(),
        end: at(5, 12).toISOString(),
        summary: expect.stringMatching(/^Service visit: /),
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ uid: `work-order-${openEnded}@portal.test`, end: at(6, 15).toISOString() }),
    );
  });

  it('shows a moved reservation at its new time under the same UID', async () => {
    const me = await userOf('user@acme-labs.example');
    const equipmentId = await followedInstrument(me.id, me.customer_id);
    const made = resultOf<{ items: Reservation[] }>(
      await user.reservations.create({
        params: { id: equipmentId },
        query: {},
        body: { startDate: at(8, 9).toISOString(), endDate: at(8, 10).toISOString() },
      }),
    ).items[0]!;
    const path = pathOf((await feedOf(user)).url!);
    const uid = `reservation-${made.reservationId}@portal.test`;
    const first = eventsOf((await fetchFeed(path)).body).find((e) => e.uid === uid)!;
    expect(first.start).toBe(at(8, 9).toISOString());

    await new Promise((resolve) => setTimeout(resolve, 1100));
    resultOf(
      await user.reservations.update({
        query: {},
        body: { ...made, startDate: at(9, 13).toISOString(), endDate: at(9, 15).toISOString() },
      }),
    );
    const moved = eventsOf((await fetchFeed(path)).body).filter((e) => e.uid === uid);
    expect(moved).toEqual([expect.objectContaining({ start: at(9, 13).toISOString(), end: at(9, 15).toISOString() })]);
    expect(Date.parse(moved[0]!.lastModified!)).toBeGreaterThan(Date.parse(first.lastModified!));
  });

  it("never shows another customer's reservations or visits, even on an instrument the user somehow follows", async () => {
    const me = await userOf('user@acme-labs.example');
    const other = await userOf('user@globex.example');
    const foreign = await followedInstrument(other.id, other.customer_id);
    await db().insertInto('user_equipment').values({ user_id: me.id, equipment_id: foreign }).execute();
    const foreignVisit = await scheduleVisit(other.customer_id, foreign, at(4, 8), at(4, 9));
    const foreignReservation = await db()
      .insertInto('reservations')
      .values({
        customer_id: other.customer_id,
        equipment_id: foreign,
        reserved_by: me.id,
        start_date: at(4, 10),
        end_date: at(4, 11),
        created_at: new Date(),
        last_update_time: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const globexOwn = resultOf<{ items: Reservation[] }>(
      await globex.reservations.create({
        params: { id: foreign },
        query: {},
        body: { startDate: at(4, 12).toISOString(), endDate: at(4, 13).toISOString() },
      }),
    ).items[0]!;

    const uids = eventsOf((await fetchFeed(pathOf((await feedOf(user)).url!))).body).map((e) => e.uid);
    expect(uids).not.toContain(`work-order-${foreignVisit}@portal.test`);
    expect(uids).not.toContain(`reservation-${foreignReservation.id}@portal.test`);
    expect(uids).not.toContain(`reservation-${globexOwn.reservationId}@portal.test`);
    const globexUids = eventsOf((await fetchFeed(pathOf((await feedOf(globex)).url!))).body).map((e) => e.uid);
    expect(globexUids).toContain(`reservation-${globexOwn.reservationId}@portal.test`);
    expect(globexUids).toContain(`work-order-${foreignVisit}@portal.test`);
    expect(globexUids).not.toContain(`reservation-${foreignReservation.id}@portal.test`);
  });

  it("answers 404 for a disabled user's address, and serves it again once the user is enabled", async () => {
    const { id } = await userOf('manager@acme-labs.example');
    const path = pathOf((await feedOf(manager)).url!);
    await db().updateTable('users').set({ is_active: false }).where('id', '=', id).execute();
    try {
      const res = await fetchFeed(path);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('disabled');
    } finally {
      await db().updateTable('users').set({ is_active: true }).where('id', '=', id).execute();
    }
    expect((await fetchFeed(path)).statusCode).toBe(200);
  });

  it('refuses malformed tokens with 400 (414 past any length) and unknown ones with 404, naming nothing', async () => {
    const valid = 'A'.repeat(43);
    expect((await fetchFeed(calendarFeedPath(valid))).statusCode).toBe(404);
    expect((await fetchFeed(calendarFeedPath('A'.repeat(44)))).statusCode).toBe(400);
    // Fastify refuses a path parameter past 100 characters before routing.
    expect((await fetchFeed(calendarFeedPath('A'.repeat(100_000)))).statusCode).toBe(414);
    expect((await fetchFeed(calendarFeedPath(`${'A'.repeat(42)}!`))).statusCode).toBe(400);
    expect((await fetchFeed(calendarFeedPath(`${'A'.repeat(40)}%C3%A9`))).statusCode).toBe(400);
    const unknown = await fetchFeed(calendarFeedPath(valid));
    expect(unknown.json()).toEqual({ errorCode: 404, errorMessage: 'No such calendar feed' });
  });

  it('writes the summaries in the user language', async () => {
    const me = await userOf('user@acme-labs.example');
    await db().updateTable('users').set({ language_code: 'de' }).where('id', '=', me.id).execute();
    try {
      const events = eventsOf((await fetchFeed(pathOf((await feedOf(user)).url!))).body);
      expect(events.some((e) => e.summary.startsWith('Reservierung: '))).toBe(true);
      expect(events.every((e) => !e.summary.startsWith('Reservation: '))).toBe(true);
    } finally {
      await db().updateTable('users').set({ language_code: 'en-us' }).where('id', '=', me.id).execute();
    }
  });

  it('keeps to its window and to at most CALENDAR_FEED_RESERVATIONS_MAX reservations, the nearest first', async () => {
    const me = await userOf('manager@acme-labs.example');
    const equipmentId = await followedInstrument(me.id, me.customer_id);
    const row = (start: Date) => ({
      customer_id: me.customer_id,
      equipment_id: equipmentId,
      reserved_by: me.id,
      start_date: start,
      end_date: new Date(start.getTime() + HOUR),
      created_at: new Date(),
      last_update_time: new Date(),
    });
    const outside = await db()
      .insertInto('reservations')
      .values([row(at(-100, 9)), row(at(400, 9))])
      .returning('id')
      .execute();
    const many = Array.from({ length: CALENDAR_FEED_RESERVATIONS_MAX + 5 }, (_, i) => row(at(20, i)));
    const inserted = await db().insertInto('reservations').values(many).returning('id').execute();

    const events = eventsOf((await fetchFeed(pathOf((await feedOf(manager)).url!))).body);
    const reservations = events.filter((e) => e.uid.startsWith('reservation-'));
    expect(reservations).toHaveLength(CALENDAR_FEED_RESERVATIONS_MAX);
    const uids = new Set(reservations.map((e) => e.uid));
    for (const { id } of outside) expect(uids.has(`reservation-${id}@portal.test`)).toBe(false);
    const farthest = inserted.at(-1)!.id;
    expect(uids.has(`reservation-${farthest}@portal.test`)).toBe(false);
    expect(uids.has(`reservation-${inserted[0]!.id}@portal.test`)).toBe(true);
  });
});
