import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { ErrorCode } from '../../contract/errors';
import { ServicePriority, type ServiceRequestInput } from '../../contract/serviceCalls';
import { changingHeaders, eachLike, errorBody, integer, pact, pactClient, regex, string, failureOf } from './support';

const ACME_FOLDER = '6c195e07e6b76e8dc881ab61b74aafb9';
const EXAMPLE = {
  equipmentId: 1,
  foreignEquipmentId: 2001,
  colleagueId: 2,
  attachmentKey: `${ACME_FOLDER}/ServiceRequest/${'a'.repeat(32)}.pdf`,
};
const USER = 'user@acme-labs.example';
const signedIn = ['a signed-in user', { email: USER }] as const;
const canRaise = [
  'a service request can be raised',
  { email: USER, colleagueEmail: 'manager@acme-labs.example' },
] as const;

const created = {
  errorCode: 0,
  result: { requestId: integer(1), serviceOrderNo: regex('^SR\\d{8}$', 'SR00000001') },
};

const withoutEquipment: ServiceRequestInput = {
  equipmentId: null,
  requestForOther: false,
  requestForUserId: null,
  issueType: '7',
  priority: ServicePriority.Medium,
  issueText: 'The detector lamp does not ignite.',
  attachFiles: [],
  requestEmail: '',
  contactName: 'Uma Standard',
  email: USER,
  officePhone: '+1 617 555 0100',
};

describe('service requests (consumer)', () => {
  it('raises a service request without a chosen equipment', async () => {
    const provider = pact()
      .given(...signedIn)
      .uponReceiving('a service request without equipment')
      .withRequest({ method: 'POST', path: '/api/ServiceCall', headers: changingHeaders, body: withoutEquipment })
      .willRespondWith({ status: 200, body: created });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).serviceCalls.createRequest({ body: withoutEquipment });
      expect(res.body).toMatchObject({ errorCode: 0, result: { serviceOrderNo: 'SR00000001' } });
    });
  });

  it('raises a service request for an equipment, on behalf of a colleague, with an attachment', async () => {
    const body: ServiceRequestInput = {
      ...withoutEquipment,
      equipmentId: EXAMPLE.equipmentId,
      requestForOther: true,
      requestForUserId: EXAMPLE.colleagueId,
      priority: ServicePriority.Urgent,
      requestEmail: 'lab.manager@acme-labs.example;desk@acme-labs.example',
      attachFiles: [
        {
          resourceKey: EXAMPLE.attachmentKey,
          bucketName: 'portal-service-request',
          fileName: 'error-log.pdf',
          size: 15,
        },
      ],
    };
    const provider = pact()
      .given(...canRaise)
      .uponReceiving('a service request for an equipment on behalf of a colleague with an attachment')
      .withRequest({
        method: 'POST',
        path: '/api/ServiceCall',
        headers: changingHeaders,
        body: {
          ...body,
          equipmentId: MatchersV3.fromProviderState('${equipmentId}', EXAMPLE.equipmentId),
          requestForUserId: MatchersV3.fromProviderState('${colleagueId}', EXAMPLE.colleagueId),
          attachFiles: [
            {
              ...body.attachFiles![0]!,
              resourceKey: MatchersV3.fromProviderState('${attachmentKey}', EXAMPLE.attachmentKey),
            },
          ],
        },
      })
      .willRespondWith({ status: 200, body: created });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).serviceCalls.createRequest({ body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { requestId: 1 } });
    });
  });

  it('is refused a service request without issue text, with required_field', async () => {
    const body = { ...withoutEquipment, issueText: '' };
    const provider = pact()
      .given(...signedIn)
      .uponReceiving('a service request without issue text')
      .withRequest({ method: 'POST', path: '/api/ServiceCall', headers: changingHeaders, body })
      .willRespondWith({
        status: 400,
        body: {
          ...errorBody(400),
          issues: eachLike({ path: ['issueText'], message: 'required_field', code: string('too_small') }),
        },
      });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).serviceCalls.createRequest({ body, silent: true }));
      expect(error).toMatchObject({ kind: 'http', status: 400 });
    });
  });

  it('is told that equipment of another customer is not found (10002)', async () => {
    const body = { ...withoutEquipment, equipmentId: EXAMPLE.foreignEquipmentId };
    const provider = pact()
      .given(...canRaise)
      .uponReceiving('a service request for equipment of another customer')
      .withRequest({
        method: 'POST',
        path: '/api/ServiceCall',
        headers: changingHeaders,
        body: {
          ...body,
          equipmentId: MatchersV3.fromProviderState('${foreignEquipmentId}', EXAMPLE.foreignEquipmentId),
        },
      })
      .willRespondWith({ status: 200, body: errorBody(ErrorCode.EquipmentNotFound) });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).serviceCalls.createRequest({ body, silent: true }));
      expect(error).toMatchObject({ kind: 'api', errorCode: ErrorCode.EquipmentNotFound });
    });
  });

  it('looks up users of the customer for "request for someone else"', async () => {
    const provider = pact()
      .given(...signedIn)
      .uponReceiving('a lookup of customer users by keyword')
      .withRequest({ method: 'GET', path: '/api/users/customer/users', query: { keyword: 'manager' } })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            items: eachLike({
              userId: integer(2),
              emailAddress: string('manager@acme-labs.example'),
              displayName: string('Max Manager'),
            }),
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).accountManagement.customerUsers({ query: { keyword: 'manager' } });
      expect(res.body).toMatchObject({ errorCode: 0, result: { items: [{ userId: 2 }] } });
    });
  });
});
