import { describe, expect, it } from 'vitest';
import type { CalendarFeed } from '../../contract/calendarFeed';
import { MatchersV3 } from '@pact-foundation/pact';
import { changingHeaders, errorBody, failureOf, nullValue, pact, pactClient, regex } from './support';

/*
 * The account's calendar feed calls, and the feed's answer as far as a pact can say it: the headers of a calendar and
 * the 404 of an unknown address. Its consumers are calendar apps, not this web app (which only shows the address), so
 * the iCalendar itself is parsed with ical.js in tests/api/calendarFeed.api.test.ts.
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
      const error = await failureOf(pactClient(server.url).calendarFeed.create({ body: body as never, silent: true }));
      expect(error).toMatchObject({ kind: 'http', status: 400 });
    });
  });
});

describe('calendar feed address (consumer: a calendar app)', () => {
  const EXAMPLE_TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCde';

  it('answers a calendar, kept by no proxy, at the address', async () => {
    const provider = pact()
      .given('a signed-in user with a calendar feed', USER)
      .uponReceiving('a calendar app reading a feed address')
      .withRequest({
        method: 'GET',
        path: MatchersV3.fromProviderState(
          '/api/CalendarFeed/${token}/calendar.ics',
          `/api/CalendarFeed/${EXAMPLE_TOKEN}/calendar.ics`,
        ),
      })
      .willRespondWith({
        status: 200,
        headers: { 'Content-Type': 'text/calendar; charset=utf-8', 'Cache-Control': 'private, max-age=300' },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).calendarFeed.feed({ params: { token: EXAMPLE_TOKEN } });
      expect(res.status).toBe(200);
    });
  });

  it('answers 404 for an unknown or replaced address', async () => {
    const token = 'A'.repeat(43);
    const provider = pact()
      .given('no session')
      .uponReceiving('a calendar app reading an unknown feed address')
      .withRequest({ method: 'GET', path: `/api/CalendarFeed/${token}/calendar.ics` })
      .willRespondWith({ status: 404, body: errorBody(404) });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).calendarFeed.feed({ params: { token }, silent: true }));
      expect(error).toMatchObject({ kind: 'http', status: 404 });
    });
  });
});
