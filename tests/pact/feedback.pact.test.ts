import { describe, expect, it } from 'vitest';
import { changingHeaders, pact, pactClient } from './support';

describe('feedback (consumer)', () => {
  it('sends the request of someone whose account is not recognised', async () => {
    const body = {
      firstName: 'Lena',
      lastName: 'Lab',
      emailAddress: 'lena@newlab.example',
      telephone: '+49 30 1234 567',
      companyName: 'New Lab GmbH',
      countryId: 81,
      country: 'Germany',
      comments: 'We need portal access.',
    };
    const provider = pact()
      .given('the demo world exists')
      .uponReceiving('a contact request without an account')
      .withRequest({ method: 'POST', path: '/api/Users/ContactUs/Request', headers: changingHeaders, body })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: null } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).feedback.requestMoreInfo({ body });
      expect(res.body).toEqual({ errorCode: 0, result: null });
    });
  });
});
