import { describe, expect, it } from 'vitest';
import {
  changingHeaders,
  eachLike,
  errorBody,
  integer,
  like,
  loggedInUser,
  pact,
  pactClient,
  failureOf,
} from './support';

describe('users (consumer)', () => {
  it('reads the signed-in user', async () => {
    const provider = pact()
      .given('a signed-in user', { email: 'user@acme-labs.example' })
      .uponReceiving('a request for the current user')
      .withRequest({ method: 'GET', path: '/api/users/me' })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: like(loggedInUser()) } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).users.me();
      expect(res.body).toMatchObject({ errorCode: 0, result: { userId: 1 } });
    });
  });

  it('answers 401 without a session', async () => {
    const provider = pact()
      .given('no session')
      .uponReceiving('a request for the current user without a session')
      .withRequest({ method: 'GET', path: '/api/users/me' })
      .willRespondWith({ status: 401, body: errorBody(401) });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).users.me({ silent: true }));
      expect(error).toMatchObject({ kind: 'http', status: 401 });
    });
  });

  it('completes the profile of a user without a location', async () => {
    const body = { locationId: 2, firstName: 'Nora', lastName: 'Newcomer', officePhone: '+1 617 555 0199' };
    const provider = pact()
      .given('a signed-in user', { email: 'new@acme-labs.example' })
      .uponReceiving('a profile completion')
      .withRequest({ method: 'POST', path: '/api/Users/profile', headers: changingHeaders, body })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: like(
            loggedInUser({ locationId: integer(2), privilege: eachLike({ accessCode: 'CONTRACT_MANAGEMENT' }) }),
          ),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).users.completeProfile({ body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { locationId: 2 } });
    });
  });
});
