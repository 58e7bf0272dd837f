import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import type { InviteUserRequest } from '../../contract/accountManagement';
import { INVITATION_TOKEN_LENGTH } from '../../contract/account';
import { ErrorCode } from '../../contract/errors';
import { ROLE } from '../../contract/limits';
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

/**
 * Inviting a user from the user list and using the mailed link (provider states in userInvitationStates.ts). The
 * invitee addresses are the states' own, so no other interaction sees their accounts.
 */
const ADMIN = 'admin@acme-labs.example';
const INVITEE = 'pact.invitee@newcomer.example';
const LINK_INVITEE = 'pact.signup@newcomer.example';
const EXAMPLE_TOKEN = 'Q2hvc2VuLWJ5LXRoZS1wcm92aWRlci1zdGF0ZS0xMjM';

const invitation = (overrides: Partial<InviteUserRequest> = {}): InviteUserRequest => ({
  emailTo: [INVITEE],
  locationId: 1,
  roleId: ROLE.StandardUser,
  type: 1,
  language: 'en-us',
  ...overrides,
});
const locationFromState = MatchersV3.fromProviderState('${locationId}', 1);
const tokenFromState = MatchersV3.fromProviderState('${token}', EXAMPLE_TOKEN);
const signUp = { firstName: 'Ines', lastName: 'Invited', password: 'Welcome1' };

describe('user invitations (consumer)', () => {
  it('an admin invites an address to a location of the customer', async () => {
    const body = invitation();
    const provider = pact()
      .given('an address can be invited', { email: ADMIN, invitee: INVITEE })
      .uponReceiving('an invitation of a new user')
      .withRequest({
        method: 'POST',
        path: '/api/Users/invite-user',
        headers: changingHeaders,
        body: { ...body, locationId: locationFromState },
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: null } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).accountManagement.inviteUser({ body });
      expect(res.body).toEqual({ errorCode: 0, result: null });
    });
  });

  it('is told that an address already has an account', async () => {
    const body = invitation({ emailTo: ['user@globex.example'] });
    const provider = pact()
      .given('an address can be invited', { email: ADMIN, invitee: INVITEE })
      .uponReceiving('an invitation of an address that has an account')
      .withRequest({
        method: 'POST',
        path: '/api/Users/invite-user',
        headers: changingHeaders,
        body: { ...body, locationId: locationFromState },
      })
      .willRespondWith({
        status: 200,
        body: { errorCode: ErrorCode.EmailAlreadyRegistered, errorMessage: string('already have an account') },
      });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).accountManagement.inviteUser({ body, silent: true }));
      expect(error).toMatchObject({ kind: 'api', errorCode: ErrorCode.EmailAlreadyRegistered });
    });
  });

  it('is refused (403) for a standard user', async () => {
    const body = invitation();
    const provider = pact()
      .given('an address can be invited', { email: 'user@acme-labs.example', invitee: INVITEE })
      .uponReceiving('an invitation by a standard user')
      .withRequest({
        method: 'POST',
        path: '/api/Users/invite-user',
        headers: changingHeaders,
        body: { ...body, locationId: locationFromState },
      })
      .willRespondWith({ status: 403, body: errorBody(403) });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).accountManagement.inviteUser({ body, silent: true }));
      expect(error).toMatchObject({ kind: 'http', status: 403 });
    });
  });

  it('an invitation of a role the customer may not give is refused with 400', async () => {
    const body = invitation({ roleId: ROLE.Admin });
    const provider = pact()
      .given('an address can be invited', { email: ADMIN, invitee: INVITEE })
      .uponReceiving('an invitation of an admin by a customer of another domain than the provider')
      .withRequest({
        method: 'POST',
        path: '/api/Users/invite-user',
        headers: changingHeaders,
        body: { ...body, locationId: locationFromState },
      })
      .willRespondWith({ status: 400, body: errorBody(400) });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).accountManagement.inviteUser({ body, silent: true }));
      expect(error).toMatchObject({ kind: 'http', status: 400 });
    });
  });

  it('the sign-up page checks a link: the address it is for', async () => {
    const provider = pact()
      .given('an invitation link was mailed', { invitee: LINK_INVITEE })
      .uponReceiving('a check of an invitation link')
      .withRequest({
        method: 'POST',
        path: '/api/Account/invitation/check',
        headers: changingHeaders,
        body: { token: tokenFromState },
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: { emailAddress: string(LINK_INVITEE) } } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).account.checkInvitation({ body: { token: EXAMPLE_TOKEN } });
      expect(res.body).toEqual({ errorCode: 0, result: { emailAddress: LINK_INVITEE } });
    });
  });

  it('the sign-up page uses the link: name and password set, signed in', async () => {
    const provider = pact()
      .given('an invitation link was mailed', { invitee: LINK_INVITEE })
      .uponReceiving('an acceptance of an invitation link')
      .withRequest({
        method: 'POST',
        path: '/api/Account/invitation/accept',
        headers: changingHeaders,
        body: { token: tokenFromState, ...signUp },
      })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: like(
            loggedInUser({
              firstName: string('Ines'),
              lastName: string('Invited'),
              emailAddress: string(LINK_INVITEE),
              officePhone: null,
            }),
          ),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).account.acceptInvitation({ body: { token: EXAMPLE_TOKEN, ...signUp } });
      expect(res.body).toMatchObject({ errorCode: 0, result: { emailAddress: LINK_INVITEE } });
    });
  });

  it('a link that is unknown, expired or used is refused with 16302', async () => {
    const token = 'x'.repeat(INVITATION_TOKEN_LENGTH);
    const provider = pact()
      .given('no session')
      .uponReceiving('an acceptance of an unknown invitation link')
      .withRequest({
        method: 'POST',
        path: '/api/Account/invitation/accept',
        headers: changingHeaders,
        body: { token, ...signUp },
      })
      .willRespondWith({
        status: 200,
        body: { errorCode: ErrorCode.InvitationInvalid, errorMessage: string('expired or already used') },
      });
    await provider.executeTest(async (server) => {
      const error = await failureOf(
        pactClient(server.url).account.acceptInvitation({ body: { token, ...signUp }, silent: true }),
      );
      expect(error).toMatchObject({ kind: 'api', errorCode: ErrorCode.InvitationInvalid });
    });
  });

  it('a weak password is refused with 400 and the issues', async () => {
    const body = { token: 'y'.repeat(INVITATION_TOKEN_LENGTH), ...signUp, password: 'lettersonly' };
    const provider = pact()
      .given('no session')
      .uponReceiving('an acceptance of an invitation link with a weak password')
      .withRequest({ method: 'POST', path: '/api/Account/invitation/accept', headers: changingHeaders, body })
      .willRespondWith({
        status: 400,
        body: {
          ...errorBody(400),
          issues: eachLike({
            path: eachLike('password'),
            message: string('userManagement:Mix_letters_numbers'),
            code: string('invalid_string'),
          }),
        },
      });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).account.acceptInvitation({ body, silent: true }));
      expect(error).toMatchObject({ kind: 'http', status: 400 });
    });
  });
});
