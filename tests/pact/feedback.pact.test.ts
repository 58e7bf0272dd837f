import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import {
  CONTACT_METHOD,
  CONTACT_TYPE,
  SUPPORT_CATEGORIES,
  type ContactUsRequestInput,
  type FeedbackRequestInput,
} from '../../contract/feedback';
import { changingHeaders, eachLike, errorBody, pact, pactClient, string, failureOf } from './support';

const USER = 'user@acme-labs.example';
const ACME_FOLDER = '6c195e07e6b76e8dc881ab61b74aafb9';
const EXAMPLE_ATTACHMENT_KEY = `${ACME_FOLDER}/Feedback/${'b'.repeat(32)}.png`;
const sent = { errorCode: 0, result: null };

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

describe('feedback of a signed-in user (consumer)', () => {
  it('sends feedback with a notification list and an attachment already in storage', async () => {
    const body: FeedbackRequestInput = {
      emailTo: 'manager@acme-labs.example;admin@acme-labs.example',
      issueDescription: 'The export keeps my column order &amp; filters.',
      attachFiles: [
        { resourceKey: EXAMPLE_ATTACHMENT_KEY, bucketName: 'portal-feedback', fileName: 'export.png', size: 68 },
      ],
    };
    const provider = pact()
      .given('a feedback attachment is uploaded', { email: USER })
      .uponReceiving('feedback with an attachment')
      .withRequest({
        method: 'POST',
        path: '/api/Users/feedback',
        headers: changingHeaders,
        body: {
          ...body,
          attachFiles: [
            {
              ...body.attachFiles![0]!,
              resourceKey: MatchersV3.fromProviderState('${attachmentKey}', EXAMPLE_ATTACHMENT_KEY),
            },
          ],
        },
      })
      .willRespondWith({ status: 200, body: sent });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).feedback.sendFeedback({ body });
      expect(res.body).toEqual(sent);
    });
  });

  it('is refused feedback with an invalid notification address, with lblEmailsWarning', async () => {
    const body: FeedbackRequestInput = { emailTo: 'desk@acme', issueDescription: 'Nice portal.', attachFiles: [] };
    const provider = pact()
      .given('a signed-in user', { email: USER })
      .uponReceiving('feedback with an invalid notification address')
      .withRequest({ method: 'POST', path: '/api/Users/feedback', headers: changingHeaders, body })
      .willRespondWith({
        status: 400,
        body: {
          ...errorBody(400),
          issues: eachLike({ path: ['emailTo'], message: 'lblEmailsWarning', code: string('custom') }),
        },
      });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).feedback.sendFeedback({ body, silent: true }));
      expect(error).toMatchObject({ kind: 'http', status: 400 });
    });
  });
});

const technicalSupport: ContactUsRequestInput = {
  type: CONTACT_TYPE.TechnicalSupport,
  firstName: 'Uma',
  lastName: 'Standard',
  companyName: 'Acme Labs',
  countryId: 233,
  country: 'United States',
  contactMethod: CONTACT_METHOD.Phone,
  emailAddress: null,
  telephone: '+1 617 555 0100',
  callTime: '08:00-10:00',
  category: SUPPORT_CATEGORIES.indexOf('hplc') + 1,
  model: 'Altus A-30',
  comments: 'Pressure ripple after the pump seals were replaced.',
};

describe('contact us (consumer)', () => {
  it('sends a technical-support request', async () => {
    const provider = pact()
      .given('a signed-in user', { email: USER })
      .uponReceiving('a technical-support contact request')
      .withRequest({ method: 'POST', path: '/api/Users/3/contactUs', headers: changingHeaders, body: technicalSupport })
      .willRespondWith({ status: 200, body: sent });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).feedback.contactUs({ params: { type: 3 }, body: technicalSupport });
      expect(res.body).toEqual(sent);
    });
  });

  it('is refused a sales request without challenge and timeline, with required_field', async () => {
    const body: ContactUsRequestInput = {
      ...technicalSupport,
      type: CONTACT_TYPE.Sales,
      category: null,
      model: null,
      challenge: null,
      timeline: null,
    };
    const provider = pact()
      .given('a signed-in user', { email: USER })
      .uponReceiving('a sales contact request without challenge and timeline')
      .withRequest({ method: 'POST', path: '/api/Users/1/contactUs', headers: changingHeaders, body })
      .willRespondWith({
        status: 400,
        body: {
          ...errorBody(400),
          issues: [
            { path: ['challenge'], message: 'required_field', code: 'custom' },
            { path: ['timeline'], message: 'required_field', code: 'custom' },
          ],
        },
      });
    await provider.executeTest(async (server) => {
      const error = await failureOf(
        pactClient(server.url).feedback.contactUs({ params: { type: 1 }, body, silent: true }),
      );
      expect(error).toMatchObject({ kind: 'http', status: 400 });
    });
  });
});
