import { describe, expect, it } from 'vitest';
import { NOTIFICATION_PAGE_SIZE } from '../../contract/limits';
import {
  boolean,
  changingHeaders,
  eachLike,
  errorBody,
  integer,
  like,
  pact,
  pactClient,
  regex,
  string,
  failureOf,
} from './support';

/** Made by the provider state 'a notification exists' under these ids, anew for each interaction. */
const MESSAGE_ID = 900001;
const ATTACHMENT_ID = 900001;
const USER = 'user@acme-labs.example';

const signedIn = ['a signed-in user', { email: USER }] as const;
const notification = [
  'a notification exists',
  { email: USER, messageId: MESSAGE_ID, attachmentId: ATTACHMENT_ID },
] as const;

const isoTime = (example = '2026-05-04T09:30:00.000Z') =>
  regex('^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$', example);

const listItem = {
  Id: integer(MESSAGE_ID),
  subject: string('Service report for work order WO-1234567 is available'),
  isRead: boolean(false),
  category: regex('^(serviceRequest|feedback|system)$', 'serviceRequest'),
  createdTime: isoTime(),
  attachments: eachLike({ Id: integer(ATTACHMENT_ID), fileName: string('ServiceReport_WO-1234567.pdf') }, 0),
};

const unreadCountBody = { errorCode: 0, result: { unreadCount: integer(4) } };

describe('messages (consumer)', () => {
  it('reads the first page of notifications', async () => {
    const provider = pact()
      .given(...signedIn)
      .given(...notification)
      .uponReceiving('a request for the first page of notifications')
      .withRequest({
        method: 'GET',
        path: '/api/Message/list',
        query: { pageIndex: '0', pageSize: String(NOTIFICATION_PAGE_SIZE), sortField: 'createdTime', sortDesc: 'true' },
      })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            items: eachLike(listItem),
            totalCount: integer(12),
            totalRecordCount: integer(12),
            unreadCount: integer(4),
            sessionTimestamp: isoTime(),
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).messages.list({
        query: { pageIndex: 0, pageSize: NOTIFICATION_PAGE_SIZE, sortField: 'createdTime', sortDesc: true },
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: { totalCount: 12, items: [{ Id: MESSAGE_ID }] } });
    });
  });

  it('reads the unread count for the bell', async () => {
    const provider = pact()
      .given(...signedIn)
      .uponReceiving('a request for the unread count')
      .withRequest({ method: 'GET', path: '/api/Message/unread/count' })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: integer(4) } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).messages.unreadCount();
      expect(res.body).toEqual({ errorCode: 0, result: 4 });
    });
  });

  it('opens a notification, which marks it read', async () => {
    const provider = pact()
      .given(...signedIn)
      .given(...notification)
      .uponReceiving('a request for one notification')
      .withRequest({ method: 'GET', path: `/api/Message/${MESSAGE_ID}` })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: { ...listItem, isRead: true, content: string('<p>The report is attached.</p>') },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).messages.get({ params: { id: MESSAGE_ID } });
      expect(res.body).toMatchObject({ errorCode: 0, result: { Id: MESSAGE_ID, isRead: true } });
    });
  });

  it('answers 404 for a notification that is not the user’s', async () => {
    const provider = pact()
      .given(...signedIn)
      .uponReceiving('a request for a notification of someone else')
      .withRequest({ method: 'GET', path: '/api/Message/999999' })
      .willRespondWith({ status: 404, body: errorBody(404) });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).messages.get({ params: { id: 999999 } }));
      expect(error).toMatchObject({ kind: 'http', status: 404 });
    });
  });

  it('gets a download link for an attachment', async () => {
    const provider = pact()
      .given(...signedIn)
      .given(...notification)
      .uponReceiving('a request for the download link of an attachment')
      .withRequest({ method: 'GET', path: `/api/Message/${MESSAGE_ID}/attachment/${ATTACHMENT_ID}` })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            url: regex('^/files/.+signature=.+$', '/files/portal-message/x/Message/y.pdf?expires=1&signature=z'),
            fileName: string('ServiceReport_WO-1234567.pdf'),
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).messages.attachment({
        params: { id: MESSAGE_ID, attachmentId: ATTACHMENT_ID },
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: { fileName: 'ServiceReport_WO-1234567.pdf' } });
    });
  });

  it('marks notifications read', async () => {
    const provider = pact()
      .given(...signedIn)
      .given(...notification)
      .uponReceiving('marking a list of notifications read')
      .withRequest({
        method: 'PUT',
        path: '/api/Message',
        query: { isRead: 'true' },
        headers: changingHeaders,
        body: [MESSAGE_ID],
      })
      .willRespondWith({ status: 200, body: unreadCountBody });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).messages.markRead({ query: { isRead: true }, body: [MESSAGE_ID] });
      expect(res.body).toEqual({ errorCode: 0, result: { unreadCount: 4 } });
    });
  });

  it('deletes notifications', async () => {
    const provider = pact()
      .given(...signedIn)
      .given(...notification)
      .uponReceiving('deleting a list of notifications')
      .withRequest({ method: 'DELETE', path: '/api/Message', headers: changingHeaders, body: [MESSAGE_ID] })
      .willRespondWith({ status: 200, body: unreadCountBody });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).messages.remove({ body: [MESSAGE_ID] });
      expect(res.body).toEqual({ errorCode: 0, result: { unreadCount: 4 } });
    });
  });

  it('refuses an empty id list with 400', async () => {
    const provider = pact()
      .given(...signedIn)
      .uponReceiving('deleting an empty list of notifications')
      .withRequest({ method: 'DELETE', path: '/api/Message', headers: changingHeaders, body: [] })
      .willRespondWith({
        status: 400,
        body: {
          ...errorBody(400),
          issues: eachLike({ path: like([]), message: string('too small'), code: string('too_small') }),
        },
      });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).messages.remove({ body: [] }));
      expect(error).toMatchObject({ kind: 'http', status: 400 });
    });
  });
});
