import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import type { ProfileEdit } from '../../contract/accountManagement';
import { ROLE } from '../../contract/limits';
import { changingHeaders, eachLike, integer, like, pact, pactClient, string } from './support';

/** user@globex.example in the demo world; no other interaction depends on this user's profile. */
const GLOBEX_USER = 8;

/** The fields of the user detail that every state of the demo world has (nullable ones are left out). */
const userDetail = (overrides: Record<string, unknown> = {}) => ({
  userId: integer(GLOBEX_USER),
  emailAddress: string('user@globex.example'),
  firstName: string('Gus'),
  lastName: string('User'),
  role: integer(1),
  userLocation: {
    locationId: integer(4),
    customerId: integer(2),
    encryptedCustomerId: string('0123456789abcdef0123456789abcdef'),
    companyName: string('Globex Corporation'),
    city: string('Springfield'),
    countryId: integer(236),
    countryCode: string('US'),
    customer: {
      customerLocations: eachLike({
        locationId: integer(4),
        city: string('Springfield'),
        countryCode: string('US'),
      }),
    },
  },
  ...overrides,
});

describe('account profile (consumer)', () => {
  it('reads the own account with location and company info', async () => {
    const provider = pact()
      .given('a signed-in user', { email: 'user@globex.example' })
      .uponReceiving('a request for the own user detail')
      .withRequest({ method: 'GET', path: `/api/users/${GLOBEX_USER}` })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: like(userDetail()) } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).accountManagement.get({ params: { id: GLOBEX_USER } });
      expect(res.body).toMatchObject({ errorCode: 0, result: { userId: GLOBEX_USER } });
    });
  });

  it('saves the own profile', async () => {
    const body: ProfileEdit = {
      firstName: 'Gus',
      lastName: 'User',
      languageId: 1,
      officePhone: '+1 217 555 0142',
      department: 'Quality control',
      role: ROLE.StandardUser,
      jobTitle: 'Lab technician',
    };
    const provider = pact()
      .given('a signed-in user', { email: 'user@globex.example' })
      .uponReceiving('an edit of the own profile')
      .withRequest({ method: 'PUT', path: '/api/Users/profile', headers: changingHeaders, body })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: like(
            userDetail({
              languageId: integer(1),
              officePhone: string(body.officePhone),
              department: string(body.department),
              jobTitle: string('Lab technician'),
            }),
          ),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).accountManagement.updateOwnProfile({ body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { department: 'Quality control' } });
    });
  });

  it('sets the own language alone', async () => {
    const body = { languageId: 1 };
    const provider = pact()
      .given('a signed-in user', { email: 'user@globex.example' })
      .uponReceiving('a change of the own language alone')
      .withRequest({ method: 'PUT', path: '/api/Users/profile/language', headers: changingHeaders, body })
      .willRespondWith({
        status: 200,
        body: { errorCode: 0, result: like(userDetail({ languageId: integer(1) })) },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).accountManagement.updateOwnLanguage({ body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { languageId: 1 } });
    });
  });

  it('reads the own features and function codes', async () => {
    const provider = pact()
      .given('a signed-in user', { email: 'user@globex.example' })
      .uponReceiving('a request for the own privileges')
      .withRequest({ method: 'GET', path: `/api/users/${GLOBEX_USER}/privilege` })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            userPrivilege: MatchersV3.arrayContaining(
              { feature: 'Reservation', functions: [] },
              { feature: 'Equipment', functions: eachLike('Edit') },
            ),
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).accountManagement.privilege({ params: { userId: GLOBEX_USER } });
      expect(res.body).toMatchObject({ errorCode: 0, result: { userPrivilege: expect.any(Array) } });
    });
  });
});
