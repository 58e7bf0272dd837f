import { describe, expect, it } from 'vitest';
import { changingHeaders, integer, pact, pactClient, regex } from './support';

describe('usage (consumer)', () => {
  it('records a batch of page views', async () => {
    const time = '2026-11-22T08:00:00.000Z';
    const provider = pact()
      .given('a signed-in user', { email: 'user@globex.example' })
      .uponReceiving('a batch of page views')
      .withRequest({
        method: 'POST',
        path: '/api/usage/events',
        headers: changingHeaders,
        body: {
          events: [{ type: 'pageView', path: '/app/welcome', time: regex(/^\d{4}-\d{2}-\d{2}T.*Z$/.source, time) }],
        },
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: { recorded: integer(1) } } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).usage.record({
        body: { events: [{ type: 'pageView', path: '/app/welcome', time }] },
      });
      expect(res.body).toEqual({ errorCode: 0, result: { recorded: 1 } });
    });
  });
});
