import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors';
import { changingHeaders, pact, pactClient, regex, string, failureOf } from './support';

/** A user of its own, so changing its password leaves the other interactions' sign-ins alone. */
const EMAIL = 'password-change@acme-labs.example';
const ISO_DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';

describe('change password (consumer)', () => {
  it('changes the signed-in user’s password and answers the time of the change', async () => {
    const body = { oldPassword: 'Portal2026', newPassword: 'Fresh2027', userEmail: EMAIL };
    const provider = pact()
      .given('a user with a known password', { email: EMAIL })
      .uponReceiving('a password change with the right old password')
      .withRequest({ method: 'PUT', path: '/api/Account/password', headers: changingHeaders, body })
      .willRespondWith({
        status: 200,
        body: { errorCode: 0, result: { lastPwdChange: regex(ISO_DATE_TIME, '2026-03-01T09:30:00.000Z') } },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).accountManagement.changePassword({ body });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ errorCode: 0, result: { lastPwdChange: expect.any(String) } });
    });
  });

  it('refuses a wrong old password with code 1029', async () => {
    const body = { oldPassword: 'Wrong123', newPassword: 'Fresh2027', userEmail: EMAIL };
    const provider = pact()
      .given('a user with a known password', { email: EMAIL })
      .uponReceiving('a password change with a wrong old password')
      .withRequest({ method: 'PUT', path: '/api/Account/password', headers: changingHeaders, body })
      .willRespondWith({
        status: 200,
        body: { errorCode: ErrorCode.WrongOldPassword, errorMessage: string('The old password is not correct') },
      });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).accountManagement.changePassword({ body, silent: true }));
      expect(error).toMatchObject({ kind: 'api', errorCode: ErrorCode.WrongOldPassword });
    });
  });
});
