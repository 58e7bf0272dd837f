import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import type { ProfileEdit, UserListQuery } from '../../contract/accountManagement';
import { ROLE } from '../../contract/limits';
import type { ColleagueKind } from './userManagementStates';
import { changingHeaders, eachLike, integer, like, pact, pactClient, string, boolean, failureOf } from './support';

const ADMIN = 'admin@acme-labs.example';
const EXAMPLE_ID = 30;
const colleague = (kind: ColleagueKind) => ['a colleague to manage', { email: ADMIN, kind }] as const;
const userPath = MatchersV3.fromProviderState('/api/users/${userId}', `/api/users/${EXAMPLE_ID}`);

const userRow = {
  userId: integer(1),
  firstName: string('Uma'),
  lastName: string('Standard'),
  displayName: string('Uma Standard'),
  emailAddress: string('user@acme-labs.example'),
  role: integer(1),
  statusCode: integer(1),
  isActive: boolean(true),
};

const userDetail = (overrides: Record<string, unknown> = {}) => ({
  userId: integer(EXAMPLE_ID),
  emailAddress: string('pact-colleague@acme-labs.example'),
  firstName: string('Pat'),
  lastName: string('Colleague'),
  role: integer(ROLE.StandardUser),
  userLocation: { locationId: integer(1), city: string('Boston'), companyName: string('Acme Labs') },
  ...overrides,
});

const edit: ProfileEdit = {
  firstName: 'Pat',
  lastName: 'Colleague',
  languageId: 1,
  officePhone: '+1 617 555 0100',
  department: 'Research',
  role: ROLE.Manager,
  jobTitle: 'Lab manager',
};

describe('user management (consumer)', () => {
  it("lists a page of the customer's active users", async () => {
    const body: UserListQuery = { pageIndex: 0, pageSize: 50, isActive: true, filterSettings: [], orderSettings: [] };
    const provider = pact()
      .given('a signed-in user', { email: ADMIN })
      .uponReceiving('a request for a page of the user list')
      .withRequest({ method: 'POST', path: '/api/users/list', headers: changingHeaders, body })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: { items: eachLike(userRow), totalCount: integer(12), totalCountExact: boolean(true) },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).accountManagement.list({ body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { totalCount: 12, totalCountExact: true } });
    });
  });

  it('lists the not yet activated users', async () => {
    const body: UserListQuery = {
      pageIndex: 0,
      pageSize: 50,
      isActive: true,
      filterSettings: [{ field: 'statusCode', operator: 7, value: ['0'] }],
      orderSettings: [],
    };
    const provider = pact()
      .given('a signed-in user', { email: ADMIN })
      .uponReceiving('a request for a page of the user list narrowed to not yet activated users')
      .withRequest({ method: 'POST', path: '/api/users/list', headers: changingHeaders, body })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            items: MatchersV3.atLeastLike({ ...userRow, statusCode: MatchersV3.equal(0) }, 0),
            totalCount: integer(0),
            totalCountExact: boolean(true),
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).accountManagement.list({ body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { totalCountExact: true } });
    });
  });

  it('asks for the count of a searched user list', async () => {
    const body = { isActive: true, filterSettings: [], fullTextSearchSetting: { keyword: 'acme' } };
    const provider = pact()
      .given('a signed-in user', { email: ADMIN })
      .uponReceiving('a request for the count of a searched user list')
      .withRequest({ method: 'POST', path: '/api/users/list/count', headers: changingHeaders, body })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: { count: integer(12), exact: boolean(true) } } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).accountManagement.listCount({ body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { count: 12, exact: true } });
    });
  });

  it('suggests the values of a user-list column', async () => {
    const body = { pageSize: 100, pageIndex: 0, filterSettings: [], selectFields: ['role'] };
    const provider = pact()
      .given('a signed-in user', { email: ADMIN })
      .uponReceiving('a request for the filter suggestions of the role column of the user list')
      .withRequest({ method: 'POST', path: '/api/users/FilterFields', headers: changingHeaders, body })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: { role: eachLike('1') } } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).accountManagement.filterFields({ body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { role: ['1'] } });
    });
  });

  it("opens another user's account", async () => {
    const provider = pact()
      .given(...colleague('edited'))
      .uponReceiving("a request for another user's detail")
      .withRequest({ method: 'GET', path: userPath })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: like(userDetail()) } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).accountManagement.get({ params: { id: EXAMPLE_ID } });
      expect(res.body).toMatchObject({ errorCode: 0, result: { userId: EXAMPLE_ID } });
    });
  });

  it("changes another user's role and details", async () => {
    const provider = pact()
      .given(...colleague('edited'))
      .uponReceiving("an edit of another user's profile that makes them a manager")
      .withRequest({ method: 'PUT', path: userPath, headers: changingHeaders, body: edit })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: like(userDetail({ role: integer(ROLE.Manager), department: string('Research') })),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).accountManagement.update({ params: { id: EXAMPLE_ID }, body: edit });
      expect(res.body).toMatchObject({ errorCode: 0, result: { role: ROLE.Manager } });
    });
  });

  it('enables an inactive user', async () => {
    const provider = pact()
      .given(...colleague('inactive'))
      .uponReceiving('a request to enable an inactive user')
      .withRequest({ method: 'PUT', path: userPath, headers: changingHeaders, body: { isActive: true } })
      .willRespondWith({
        status: 200,
        body: { errorCode: 0, result: like(userDetail({ emailAddress: string('pact-inactive@acme-labs.example') })) },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).accountManagement.update({
        params: { id: EXAMPLE_ID },
        body: { isActive: true },
      });
      expect(res.body).toMatchObject({ errorCode: 0 });
    });
  });

  it('removes another user', async () => {
    const provider = pact()
      .given(...colleague('removed'))
      .uponReceiving('a request to remove another user')
      .withRequest({
        method: 'DELETE',
        path: userPath,
        headers: { 'x-xsrf-token': changingHeaders['x-xsrf-token'] },
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: null } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).accountManagement.remove({ params: { id: EXAMPLE_ID } });
      expect(res.body).toEqual({ errorCode: 0, result: null });
    });
  });

  it('refuses the user list to a standard user with 403', async () => {
    const body: UserListQuery = { pageIndex: 0, pageSize: 50, isActive: true, filterSettings: [], orderSettings: [] };
    const provider = pact()
      .given('a signed-in user', { email: 'user@globex.example' })
      .uponReceiving('a request for the user list from a standard user')
      .withRequest({ method: 'POST', path: '/api/users/list', headers: changingHeaders, body })
      .willRespondWith({
        status: 403,
        body: { errorCode: 403, errorMessage: string('Only a manager or admin may do this') },
      });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).accountManagement.list({ body }));
      expect(error).toMatchObject({ kind: 'http', status: 403 });
    });
  });
});
