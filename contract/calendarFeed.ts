import { z } from 'zod';
import { anyone, signedIn } from './access';
import { c, envelope, standardErrors, withCommonQuery } from './common';

/**
 * The secret calendar feed of a user (issue 38): an address a calendar app subscribes to, with the user's
 * reservations and the scheduled service visits of the instruments they follow. chosen: not in spec.
 */

/** The secret of a feed address: 32 bytes in base64url (the server looks it up by its sha256). */
export const CALENDAR_FEED_TOKEN_LENGTH = 43;
/** Length first, then the alphabet: the pattern never sees more than a token's worth of characters. */
export const CalendarFeedToken = z
  .string()
  .length(CALENDAR_FEED_TOKEN_LENGTH)
  .pipe(z.string().regex(/^[A-Za-z0-9_-]+$/));

/** The feed's window around today: this many days back… */
export const CALENDAR_FEED_DAYS_BACK = 90;
/** …and this many ahead. */
export const CALENDAR_FEED_DAYS_AHEAD = 366;
/** At most this many reservations, and this many service visits, the nearest to today first. */
export const CALENDAR_FEED_RESERVATIONS_MAX = 1000;
export const CALENDAR_FEED_VISITS_MAX = 500;
/** Calendar apps may keep an answer this long; proxies keep none (it is private to the address's owner). */
export const CALENDAR_FEED_MAX_AGE_SECONDS = 300;

/** The path of a feed, from its token; the server puts PUBLIC_ORIGIN before it. */
export const calendarFeedPath = (token: string) => `/api/CalendarFeed/${token}/calendar.ics`;

/** Longer than PUBLIC_ORIGIN may be (2048) plus the path. */
const FEED_URL_MAX = 2200;

/**
 * The user's feed: its address, or null when the server can no longer show it (its key changed: regenerate), and
 * when it was made; `feed` null when the user has none.
 */
export const CalendarFeed = z.object({
  feed: z
    .object({
      url: z.string().max(FEED_URL_MAX).nullable(),
      createdTime: z.string().datetime({ offset: true }),
    })
    .nullable(),
});
export type CalendarFeed = z.infer<typeof CalendarFeed>;

/** Make the feed: with `regenerate`, a new address that ends the old one; without, the existing one is kept. */
export const CalendarFeedCreateRequest = z.object({ regenerate: z.boolean() }).strict();
export type CalendarFeedCreateRequest = z.infer<typeof CalendarFeedCreateRequest>;

export const calendarFeedContract = c.router(
  {
    get: {
      method: 'GET',
      path: '/api/Users/calendarFeed', // path chosen: not in spec
      query: withCommonQuery({}),
      responses: { 200: envelope(CalendarFeed), ...standardErrors },
      summary: "The signed-in user's secret calendar feed address, if they made one",
      metadata: signedIn('ownAccount'),
    },
    create: {
      method: 'POST',
      path: '/api/Users/calendarFeed', // path chosen: not in spec
      query: withCommonQuery({}),
      body: CalendarFeedCreateRequest,
      responses: { 200: envelope(CalendarFeed), ...standardErrors },
      summary:
        "Make the signed-in user's calendar feed address for the session's customer; with regenerate a new one, " +
        'and the old address stops working',
      metadata: signedIn('ownAccount'),
    },
    feed: {
      method: 'GET',
      path: '/api/CalendarFeed/:token/calendar.ics', // path chosen: not in spec
      pathParams: z.object({ token: CalendarFeedToken }),
      query: withCommonQuery({}),
      responses: {
        200: c.otherResponse({ contentType: 'text/calendar; charset=utf-8', body: c.type<string>() }),
        ...standardErrors,
      },
      summary:
        'The feed as iCalendar (RFC 5545), the token being the credential: 404 for an unknown or replaced address ' +
        'and for a disabled user',
      metadata: anyone('ownAccount'),
    },
  },
  { strictStatusCodes: true },
);
