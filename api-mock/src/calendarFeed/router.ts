import { randomBytes } from 'node:crypto';
import { initServer } from '@ts-rest/fastify';
import { hasFeature } from '../../../contract/access';
import {
  CALENDAR_FEED_MAX_AGE_SECONDS,
  calendarFeedContract,
  calendarFeedPath,
  type CalendarFeed,
} from '../../../contract/calendarFeed';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { privilegesOf } from '../auth/privileges';
import { appendEvent } from '../db/events';
import { ok } from '../lib/envelope';
import { notFound } from '../lib/problem';
import { localStorageOf } from '../storage';
import { loadSigningSecret, Signer } from '../storage/signing';
import { feedCalendar } from './ics';
import {
  feedOfUser,
  feedOwnerOfToken,
  feedReservations,
  feedTokenHash,
  feedVisits,
  feedWindow,
  saveFeed,
} from './queries';

const s = initServer();

/*
 * The secret calendar feed (issue 38). The address can be shown again, as Google Calendar and Outlook show theirs:
 * the token is the HMAC, under the server's signing secret, of the user and a random nonce; the table keeps the
 * nonce and the token's sha256 (for the lookup), never the token. A database copy alone opens no feed; the server
 * can show the address again. Should the secret change, the old address keeps working but can no longer be shown
 * (url null): the user regenerates.
 *
 * The feed itself is a GET without a session: an unknown, replaced or disabled user's address answers 404 alike. It
 * shows the data of the customer the address was made for (provider staff: the customer they were switched to then),
 * and changes nothing.
 */
export function calendarFeedRouter({ db, config }: AppDeps) {
  const signer = new Signer(loadSigningSecret(localStorageOf(config).root));
  const tokenOf = (userId: number, nonce: string) => signer.sign(['calendar-feed', userId, nonce]);

  const answer = (row: { user_id: number; nonce: string; token_hash: string; created_at: Date } | undefined) => {
    if (!row) return { feed: null } satisfies CalendarFeed;
    const token = tokenOf(row.user_id, row.nonce);
    const shown = feedTokenHash(token) === row.token_hash.trim();
    return {
      feed: {
        url: shown ? `${config.publicOrigin}${calendarFeedPath(token)}` : null,
        createdTime: row.created_at.toISOString(),
      },
    } satisfies CalendarFeed;
  };

  return s.router(calendarFeedContract, {
    get: async ({ request }) => ok(answer(await feedOfUser(db, actorOf(request).userId))),

    create: async ({ request, body }) => {
      const actor = actorOf(request);
      const row = await db.transaction().execute(async (trx) => {
        const existing = await feedOfUser(trx, actor.userId);
        if (existing && !body.regenerate) return existing;
        const nonce = randomBytes(16).toString('base64url');
        const saved = await saveFeed(trx, {
          userId: actor.userId,
          customerId: actor.customerId,
          tokenHash: feedTokenHash(tokenOf(actor.userId, nonce)),
          nonce,
        });
        await appendEvent(trx, {
          customerId: actor.customerId,
          actorId: actor.userId,
          entityType: 'user',
          entityId: actor.userId,
          eventType: existing ? 'calendarFeed.regenerated' : 'calendarFeed.created',
          payload: {},
        });
        return saved;
      });
      return ok(answer(row));
    },

    feed: async ({ params, reply }) => {
      const owner = await feedOwnerOfToken(db, params.token);
      if (!owner) throw notFound('No such calendar feed');
      const scope = { userId: owner.user_id, customerId: owner.customer_id };
      const now = new Date();
      const window = feedWindow(now);
      const mayReserve = hasFeature(await privilegesOf(db, scope.userId, scope.customerId), 'Reservation');
      const [reservations, visits] = await Promise.all([
        mayReserve ? feedReservations(db, scope, window, now) : [],
        feedVisits(db, scope, window, now),
      ]);
      const body = feedCalendar({
        origin: config.publicOrigin,
        language: owner.language_code,
        now,
        reservations,
        visits,
      });
      reply.header('Content-Type', 'text/calendar; charset=utf-8');
      reply.header('Cache-Control', `private, max-age=${CALENDAR_FEED_MAX_AGE_SECONDS}`);
      return { status: 200, body };
    },
  });
}
