import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors';
import {
  changingHeaders,
  eachLike,
  errorBody,
  like,
  loggedInUser,
  pact,
  pactClient,
  string,
  failureOf,
} from './support';

describe('account (consumer)', () => {
  it('signs in a demo account', async () => {
    const provider = pact()
      .given('the demo world exists')
      .uponReceiving('a sign-in with the right password')
      .withRequest({
        method: 'POST',
        path: '/api/Account/login',
        headers: changingHeaders,
        body: { emailAddress: 'user@acme-labs.example', password: 'Portal2026' },
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: like(loggedInUser()) } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).account.login({
        body: { emailAddress: 'user@acme-labs.example', password: 'Portal2026' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ errorCode: 0, result: { emailAddress: 'user@acme-labs.example' } });
    });
  });

  it('refuses a wrong password with the invalid-credentials code', async () => {
    const provider = pact()
      .given('the demo world exists')
      .uponReceiving('a sign-in with a wrong password')
      .withRequest({
        method: 'POST',
        path: '/api/Account/login',
        headers: changingHeaders,
        body: { emailAddress: 'manager@acme-labs.example', password: 'Wrong123' },
      })
      .willRespondWith({
        status: 200,
        body: { errorCode: ErrorCode.InvalidCredentials, errorMessage: string('wrong') },
      });
    await provider.executeTest(async (server) => {
      const error = await failureOf(
        pactClient(server.url).account.login({
          body: { emailAddress: 'manager@acme-labs.example', password: 'Wrong123' },
          silent: true,
        }),
      );
      expect(error).toMatchObject({ kind: 'api', errorCode: ErrorCode.InvalidCredentials });
    });
  });

  it('answers a sign-in that fails the schema with 400 and the issues', async () => {
    const provider = pact()
      .given('the demo world exists')
      .uponReceiving('a sign-in without an e-mail address')
      .withRequest({
        method: 'POST',
        path: '/api/Account/login',
        headers: changingHeaders,
        body: { emailAddress: '', password: 'x' },
      })
      .willRespondWith({
        status: 400,
        body: {
          ...errorBody(400),
          issues: eachLike({
            path: eachLike('emailAddress'),
            message: string('Invalid email'),
            code: string('invalid_string'),
          }),
        },
      });
    await provider.executeTest(async (server) => {
      const error = await failureOf(
        pactClient(server.url).account.login({ body: { emailAddress: '', password: 'x' }, silent: true }),
      );
      expect(error).toMatchObject({ kind: 'http', status: 400 });
    });
  });

  it('signs out', async () => {
    const provider = pact()
      .given('a signed-in user', { email: 'admin@acme-labs.example' })
      .uponReceiving('a sign-out')
      .withRequest({ method: 'POST', path: '/api/Account/logout', headers: changingHeaders, body: {} })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: null } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).account.logout({ body: {} });
      expect(res.body).toEqual({ errorCode: 0, result: null });
    });
  });
});
