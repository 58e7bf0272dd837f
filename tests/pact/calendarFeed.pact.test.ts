import { describe, expect, it } from 'vitest';
import type { CalendarFeed } from '../../contract/calendarFeed';
import { changingHeaders, errorBody, nullValue, pact, pactClient, regex } from './support';

/*
 * The account's calendar feed calls. The feed itself (GET /api/CalendarFeed/:token/calendar.ics) has no interaction:
 * its consumers are calendar apps, not this web app, which only shows the address; tests/api/calendarFeed.api.test.ts
 * parses its iCalendar with ical.js instead.
 */

const USER = { email: 'user@acme-labs.example' };
const ISO = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const FEED_URL = '^https?://[^/]+/api/CalendarFeed/[A-Za-z0-9_-]{43}/calendar\\.ics$';
const EXAMPLE_URL = 'http://portal.test/api/CalendarFeed/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCde/calendar.ics';

const feedBody = {
  errorCode: 0,
  result: { feed: { url: regex(FEED_URL, EXAMPLE_URL), createdTime: regex(ISO, '2026-11-30T04:40:00.000Z') } },
};

describe('calendar feed (consumer)', () => {
  it('reads that the user has no feed address yet', async () => {
    const provider = pact()
      .given('a signed-in user without a calendar feed', USER)
      .uponReceiving('a request for the own calendar feed, when there is none')
      .withRequest({ method: 'GET', path: '/api/Users/calendarFeed' })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: { feed: nullValue() } } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).calendarFeed.get({ query: {} });
      expect((res.body as { result: CalendarFeed }).result.feed).toBeNull();
    });
  });

  it('reads the existing feed address again', async () => {
    const provider = pact()
      .given('a signed-in user with a calendar feed', USER)
      .uponReceiving('a request for the own calendar feed')
      .withRequest({ method: 'GET', path: '/api/Users/calendarFeed' })
      .willRespondWith({ status: 200, body: feedBody });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).calendarFeed.get({ query: {} });
      expect((res.body as { result: CalendarFeed }).result.feed?.url).toMatch(/calendar\.ics$/);
    });
  });

  it('creates the feed address', async () => {
    const body = { regenerate: false };
    const provider = pact()
      .given('a signed-in user without a calendar feed', USER)
      .uponReceiving('a request to create the own calendar feed address')
      .withRequest({ method: 'POST', path: '/api/Users/calendarFeed', headers: changingHeaders, body })
      .willRespondWith({ status: 200, body: feedBody });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).calendarFeed.create({ body });
      expect((res.body as { result: CalendarFeed }).result.feed?.url).toMatch(/calendar\.ics$/);
    });
  });

  it('regenerates the feed address', async () => {
    const body = { regenerate: true };
    const provider = pact()
      .given('a signed-in user with a calendar feed', USER)
      .uponReceiving('a request to regenerate the own calendar feed address')
      .withRequest({ method: 'POST', path: '/api/Users/calendarFeed', headers: changingHeaders, body })
      .willRespondWith({ status: 200, body: feedBody });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).calendarFeed.create({ body });
      expect((res.body as { result: CalendarFeed }).result.feed?.url).toMatch(/calendar\.ics$/);
    });
  });

  it('refuses a body the contract does not take with 400', async () => {
    const body = { regenerate: 'yes' };
    const provider = pact()
      .given('a signed-in user', USER)
      .uponReceiving('a calendar feed request with a malformed body')
      .withRequest({ method: 'POST', path: '/api/Users/calendarFeed', headers: changingHeaders, body })
      .willRespondWith({ status: 400, body: errorBody(400) });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).calendarFeed.create({ body: body as never });
      expect(res.status).toBe(400);
    });
  });
});
