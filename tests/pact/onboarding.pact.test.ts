import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { INVITATION_PAGE_SIZE, InvitationType, type InvitationRequest } from '../../contract/invitations';
import { ONBOARDED_CUSTOMER_NO } from './onboardingStates';
import { boolean, changingHeaders, eachLike, integer, like, pact, pactClient, string } from './support';

/** Customer onboarding by provider staff (provider state in onboardingStates.ts). */
const STAFF = 'pe@provider.example';
const sent = ['an onboarding invitation was sent', { email: STAFF }] as const;
const fromState = MatchersV3.fromProviderState;

const invitation = {
  id: integer(1),
  emailTo: eachLike({ emailAddress: string('pact.onboarding@newcomer.example'), isRegistered: boolean(false) }),
  emailCc: string(''),
  emailBcc: string(STAFF),
  orderNumber: string('PO-PACT-1'),
  language: string('en-us'),
  type: integer(InvitationType.Order),
  subject: string('Welcome to the instrument portal'),
  description: string('<p>Dear customer,</p>'),
  createdTime: MatchersV3.datetime("yyyy-MM-dd'T'HH:mm:ss.SSSX", '2026-11-26T09:00:00.000Z'),
  customerNo: string(ONBOARDED_CUSTOMER_NO),
  locationId: integer(1),
};

const request: InvitationRequest = {
  emailTo: 'pact.onboarding@newcomer.example',
  emailCc: '',
  emailBcc: STAFF,
  customerNo: ONBOARDED_CUSTOMER_NO,
  locationId: 1,
  orderNumber: 'PO-PACT-2',
  language: 'en-us',
  type: InvitationType.Order,
  subject: 'Your order PO-PACT-2',
  description: '<p>Dear customer,</p><p>thank you for your order.</p>',
};

describe('customer onboarding (consumer)', () => {
  it('reads a page of the sent history', async () => {
    const provider = pact()
      .given(...sent)
      .uponReceiving('a request for the first page of the sent invitation history')
      .withRequest({
        method: 'GET',
        path: '/api/Users/invitation',
        query: { pageIndex: '0', pageSize: String(INVITATION_PAGE_SIZE) },
      })
      .willRespondWith({
        status: 200,
        body: { errorCode: 0, result: { items: eachLike(invitation), totalCount: integer(1) } },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).invitations.history({
        query: { pageIndex: 0, pageSize: INVITATION_PAGE_SIZE },
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: { totalCount: 1 } });
    });
  });

  it('asks which to-addresses already have accounts', async () => {
    const body = ['user@acme-labs.example', 'pact.onboarding@newcomer.example'];
    const provider = pact()
      .given(...sent)
      .uponReceiving('a check of which invitation addresses are registered')
      .withRequest({ method: 'POST', path: '/api/Users/registeredUser', headers: changingHeaders, body })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: [
            { emailAddress: 'user@acme-labs.example', isRegistered: true },
            { emailAddress: 'pact.onboarding@newcomer.example', isRegistered: false },
          ],
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).invitations.registeredUsers({ body });
      expect(res.body).toMatchObject({ errorCode: 0, result: [{ isRegistered: true }, { isRegistered: false }] });
    });
  });

  it('sends an order invitation', async () => {
    const provider = pact()
      .given(...sent)
      .uponReceiving('an order invitation to a customer contact')
      .withRequest({
        method: 'POST',
        path: '/api/Users/invitation',
        headers: changingHeaders,
        body: { ...request, locationId: fromState('${locationId}', 1) },
      })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: like({
            ...invitation,
            orderNumber: string('PO-PACT-2'),
            subject: string('Your order PO-PACT-2'),
          }),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).invitations.send({ body: request });
      expect(res.body).toMatchObject({ errorCode: 0, result: { customerNo: ONBOARDED_CUSTOMER_NO } });
    });
  });

  it('resends an invitation of the history', async () => {
    const provider = pact()
      .given(...sent)
      .uponReceiving('a resend of a sent invitation')
      .withRequest({
        method: 'PUT',
        path: '/api/Users/invitation',
        headers: changingHeaders,
        body: { id: fromState('${invitationId}', 1) },
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: like(invitation) } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).invitations.resend({ body: { id: 1 } });
      expect(res.body).toMatchObject({ errorCode: 0, result: { orderNumber: 'PO-PACT-1' } });
    });
  });

  it('reads the invitation template in a language', async () => {
    const provider = pact()
      .given(...sent)
      .uponReceiving('a request for the German invitation template')
      .withRequest({ method: 'GET', path: '/api/Users/invitation/template', query: { languageId: '4' } })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: { subject: string('Willkommen im Geräteportal'), description: string('<p>Sehr geehrte Kundin,</p>') },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).invitations.template({ query: { languageId: 4 } });
      expect(res.body).toMatchObject({ errorCode: 0, result: { subject: 'Willkommen im Geräteportal' } });
    });
  });
});
