import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  CALENDAR_FEED_DAYS_AHEAD,
  CALENDAR_FEED_DAYS_BACK,
  CALENDAR_FEED_RESERVATIONS_MAX,
  CALENDAR_FEED_VISITS_MAX,
} from '../../../contract/calendarFeed';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Only the sha256 of a feed's token is looked up: the table alone opens no feed. */
export const feedTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The user's feed row, if they made one. */
export const feedOfUser = (db: Db, userId: number) =>
  db.selectFrom('calendar_feeds').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** Make or replace the user's feed: a replaced token no longer matches any row. */
export const saveFeed = (trx: Db, row: { userId: number; customerId: number; tokenHash: string; nonce: string }) =>
  trx
    .insertInto('calendar_feeds')
    .values({ user_id: row.userId, customer_id: row.customerId, token_hash: row.tokenHash, nonce: row.nonce })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        customer_id: row.customerId,
        token_hash: row.tokenHash,
        nonce: row.nonce,
        created_at: sql`now()`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();

/**
 * The owner of a feed token, when the address still serves: the user can sign in (active, not removed) and, unless
 * provider staff (who switch customers), still belongs to the customer the feed was made for.
 */
export const feedOwnerOfToken = (db: Db, token: string) =>
  db
    .selectFrom('calendar_feeds as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select(['f.user_id', 'f.customer_id', 'u.language_code', 'u.is_pe_user'])
    .where('f.token_hash', '=', feedTokenHash(token))
    .where('u.is_active', '=', true)
    .where('u.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('u.is_pe_user', '=', true), eb('u.customer_id', '=', eb.ref('f.customer_id'))]))
    .executeTakeFirst();

/** The days around `now` the feed covers. */
export function feedWindow(now: Date): { start: Date; end: Date } {
  const day = 24 * 60 * 60 * 1000;
  return {
    start: new Date(now.getTime() - CALENDAR_FEED_DAYS_BACK * day),
    end: new Date(now.getTime() + CALENDAR_FEED_DAYS_AHEAD * day),
  };
}

type Window = ReturnType<typeof feedWindow>;

/** The nearest to `now` first, so a capped feed drops the farthest. */
const nearestFirst = (column: string, now: Date) => sql`abs(extract(epoch from (${sql.ref(column)} - ${now})))`;

/**
 * The user's own reservations of the customer's visible instruments that overlap the window, at most
 * CALENDAR_FEED_RESERVATIONS_MAX, nearest to now first.
 */
export const feedReservations = (db: Db, owner: { userId: number; customerId: number }, window: Window, now: Date) =>
  db
    .selectFrom('reservations as r')
    .innerJoin('equipment as e', 'e.id', 'r.equipment_id')
    .innerJoin('locations as l', 'l.id', 'e.location_id')
    .select([
      'r.id',
      'r.start_date',
      'r.end_date',
      'r.comments',
      'r.created_at',
      'r.last_update_time',
      'e.serial',
      'e.mfg',
      'e.model',
      'e.system_nick_name',
      'e.building',
      'e.floor',
      'e.room',
      'l.city',
    ])
    .where('r.customer_id', '=', owner.customerId)
    .where('e.customer_id', '=', owner.customerId)
    .where('e.is_hidden', '=', false)
    .where('r.reserved_by', '=', owner.userId)
    .where('r.start_date', '<', window.end)
    .where('r.end_date', '>', window.start)
    .orderBy(nearestFirst('r.start_date', now))
    .orderBy('r.id')
    .limit(CALENDAR_FEED_RESERVATIONS_MAX)
    .execute();

/** How long a visit without an end lasts in the feed, as on the calendar page. */
const VISIT_DEFAULT_HOURS = 1;

/**
 * The scheduled service visits (open work orders with a start) of the customer's visible instruments on the user's
 * own list that overlap the window, at most CALENDAR_FEED_VISITS_MAX, nearest to now first.
 */
export const feedVisits = (db: Db, owner: { userId: number; customerId: number }, window: Window, now: Date) =>
  db
    .selectFrom('service_calls as s')
    .innerJoin('equipment as e', 'e.id', 's.equipment_id')
    .innerJoin('locations as l', 'l.id', 'e.location_id')
    .select([
      's.id',
      's.service_order_no',
      's.job_type',
      's.call_status',
      's.start_date',
      sql<Date>`coalesce(s.end_date, s.start_date + make_interval(hours => ${VISIT_DEFAULT_HOURS}))`.as('end_date'),
      's.date_time_call_received',
      'e.serial',
      'e.mfg',
      'e.model',
      'e.system_nick_name',
      'e.building',
      'e.floor',
      'e.room',
      'l.city',
    ])
    .where('s.customer_id', '=', owner.customerId)
    .where('s.is_history', '=', false)
    .where('s.start_date', 'is not', null)
    .where('s.start_date', '<', window.end)
    .where(sql<boolean>`coalesce(s.end_date, s.start_date) >= ${window.start}`)
    .where('e.customer_id', '=', owner.customerId)
    .where('e.is_hidden', '=', false)
    .where(sql<boolean>`e.follower_ids @> array[${owner.userId}]::integer[]`)
    .orderBy(nearestFirst('s.start_date', now))
    .orderBy('s.id')
    .limit(CALENDAR_FEED_VISITS_MAX)
    .execute();

export type FeedReservationRow = Awaited<ReturnType<typeof feedReservations>>[number];
export type FeedVisitRow = Awaited<ReturnType<typeof feedVisits>>[number];
