import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/common';
import type { Message, MessagePage } from '../../contract/messages';
import { NOTIFICATION_PAGE_SIZE } from '../../contract/limits';
import { insertMessages } from '../../api-mock/src/messages/queries';
import { startApiServer } from '../support/apiServer';
import { injectClient, signedIn, type InjectClient } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const db = () => server.database.db;

const userOf = (email: string) =>
  db().selectFrom('users').select(['id', 'customer_id']).where('email', '=', email).executeTakeFirstOrThrow();

const messagesOf = async (email: string) => {
  const user = await userOf(email);
  return db()
    .selectFrom('messages')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('customer_id', '=', user.customer_id)
    .orderBy('id')
    .execute();
};

const inboxEvents = async (email: string) => {
  const user = await userOf(email);
  return db()
    .selectFrom('events')
    .select(['event_type', 'payload', 'actor_id', 'customer_id'])
    .where('entity_type', '=', 'inbox')
    .where('entity_id', '=', String(user.id))
    .orderBy('id')
    .execute();
};

/** A page of the list, or a failed test. */
async function page(
  client: InjectClient,
  query: NonNullable<Parameters<InjectClient['messages']['list']>[0]>['query'] = {},
) {
  const res = await client.messages.list({ query });
  if (res.status !== 200 || res.body.errorCode !== 0) throw new Error(`list failed: ${JSON.stringify(res.body)}`);
  return res.body.result as MessagePage;
}

async function detail(client: InjectClient, id: number) {
  const res = await client.messages.get({ params: { id } });
  if (res.status !== 200 || res.body.errorCode !== 0) throw new Error(`get failed: ${JSON.stringify(res.body)}`);
  return res.body.result as Message;
}

/** A new message for a user, created now (or at `createdAt`). */
async function addMessage(email: string, overrides: { createdAt?: Date; isRead?: boolean } = {}) {
  const user = await userOf(email);
  const [id] = await insertMessages(db(), [
    {
      customer_id: user.customer_id,
      user_id: user.id,
      subject: 'Service request SR-0000001 received',
      content: '<p>New message</p>',
      category: 'serviceRequest',
      is_read: overrides.isRead ?? false,
      created_at: overrides.createdAt ?? new Date(),
    },
  ]);
  return id!;
}

describe('the demo world has notifications', () => {
  it('every user has 8 to 15 over the last 60 days, some read, some with an attachment', async () => {
    const users = await db().selectFrom('users').select(['id', 'customer_id']).execute();
    const since = Date.now() - 61 * 24 * 3600_000;
    for (const user of users) {
      const rows = await db().selectFrom('messages').selectAll().where('user_id', '=', user.id).execute();
      expect(rows.length).toBeGreaterThanOrEqual(8);
      expect(rows.length).toBeLessThanOrEqual(15);
      expect(rows.every((m) => m.customer_id === user.customer_id && m.created_at.getTime() > since)).toBe(true);
    }
    const all = await db().selectFrom('messages').select(['is_read']).execute();
    expect(all.some((m) => m.is_read)).toBe(true);
    expect(all.some((m) => !m.is_read)).toBe(true);
    const attachments = await db().selectFrom('message_attachments').select('id').execute();
    expect(attachments.length).toBeGreaterThan(users.length - 1);
  });

  it('content is HTML with a link and a list, and nothing a sanitiser would have to remove', async () => {
    const rows = await db().selectFrom('messages').select('content').execute();
    for (const { content } of rows) {
      expect(content).toMatch(/<a href="\/app\/[^"]+">/);
      expect(content).toMatch(/<ul>(<li>[^<]*<\/li>)+<\/ul>/);
      expect(content).not.toMatch(/<script|<iframe|<style|\son\w+\s*=|javascript:/i);
    }
  });
});

describe('Message/list', () => {
  it('gives the first page of 50, newest first, without content, with the totals and the unread count', async () => {
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    const own = await messagesOf('admin@acme-labs.example');
    const result = await page(client);
    expect(result.items.length).toBe(Math.min(own.length, NOTIFICATION_PAGE_SIZE));
    expect(result.totalCount).toBe(own.length);
    expect(result.totalRecordCount).toBe(own.length);
    expect(result.unreadCount).toBe(own.filter((m) => !m.is_read).length);
    const times = result.items.map((m) => Date.parse(m.createdTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(result.items[0]).not.toHaveProperty('content');
    expect(new Set(result.items.map((m) => m.Id))).toEqual(new Set(own.map((m) => m.id)));
  });

  it('pages do not shift when a message arrives during the list session', async () => {
    const email = 'manager@acme-labs.example';
    const { client } = await signedIn(server.app, email);
    const first = await page(client, { pageSize: 4 });
    await addMessage(email);
    const second = await page(client, { pageSize: 4, pageIndex: 1, sessionTimestamp: first.sessionTimestamp });
    expect(second.sessionTimestamp).toBe(first.sessionTimestamp);
    expect(second.totalCount).toBe(first.totalCount);
    const seen = [...first.items, ...second.items].map((m) => m.Id);
    expect(new Set(seen).size).toBe(seen.length);
    const all = await messagesOf(email);
    const byAge = [...all].sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id);
    expect(seen).toEqual(byAge.slice(1, 9).map((m) => m.id));
    // A new list session sees the new message first.
    const fresh = await page(client, { pageSize: 4 });
    expect(fresh.totalCount).toBe(first.totalCount + 1);
    expect(fresh.items[0]!.Id).toBe(byAge[0]!.id);
  });

  it('filters by category and by read flag; the unread count stays that of the whole inbox', async () => {
    const email = 'admin@acme-labs.example';
    const { client } = await signedIn(server.app, email);
    const own = await messagesOf(email);
    for (const category of ['serviceRequest', 'feedback', 'system'] as const) {
      const result = await page(client, { category });
      expect(result.items.every((m) => m.category === category)).toBe(true);
      expect(result.totalCount).toBe(own.filter((m) => m.category === category).length);
      expect(result.unreadCount).toBe(own.filter((m) => !m.is_read).length);
    }
    const unread = await page(client, { isRead: false });
    expect(unread.items.every((m) => !m.isRead)).toBe(true);
    expect(unread.totalCount).toBe(own.filter((m) => !m.is_read).length);
  });

  it('sorts oldest first and unread first', async () => {
    const { client } = await signedIn(server.app, 'user@globex.example');
    const oldest = await page(client, { sortField: 'createdTime', sortDesc: false });
    const times = oldest.items.map((m) => Date.parse(m.createdTime));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const unreadFirst = await page(client, { sortField: 'isRead', sortDesc: false });
    const flags = unreadFirst.items.map((m) => m.isRead);
    expect(flags).toEqual([...flags].sort((a, b) => Number(a) - Number(b)));
    expect(flags).toContain(true);
    expect(flags).toContain(false);
  });

  it('refuses a query that fails the schema, and answers 401 without a session', async () => {
    const { client } = await signedIn(server.app, 'user@globex.example');
    const bad = await client.messages.list({ query: { pageSize: 0 } });
    expect(bad.status).toBe(400);
    const res = await server.app.inject({ method: 'GET', url: '/api/Message/list?category=spam' });
    expect(res.statusCode).toBe(400);
    const anonymous = await injectClient(server.app).client.messages.list({ query: {} });
    expect(anonymous.status).toBe(401);
  });
});

describe('Message/{id} and the unread count', () => {
  it('opening a message gives its HTML and attachments, marks it read and records it once', async () => {
    const email = 'user@acme-labs.example';
    const { client } = await signedIn(server.app, email);
    const id = await addMessage(email);
    const before = await client.messages.unreadCount();
    const message = await detail(client, id);
    expect(message).toMatchObject({ Id: id, isRead: true, content: '<p>New message</p>', attachments: [] });
    const after = await client.messages.unreadCount();
    expect(after.body).toEqual({ errorCode: 0, result: (before.body as { result: number }).result - 1 });
    await detail(client, id);
    const events = (await inboxEvents(email)).filter(
      (e) => (e.payload as { messageIds: number[] }).messageIds[0] === id,
    );
    expect(events).toEqual([
      expect.objectContaining({ event_type: 'messages.markedRead', payload: { messageIds: [id] } }),
    ]);
  });

  it('an attachment downloads through a signed link of the file store', async () => {
    const email = 'user@acme-labs.example';
    const { client } = await signedIn(server.app, email);
    const withFile = (await page(client)).items.find((m) => m.attachments.length > 0)!;
    const attachment = withFile.attachments[0]!;
    const link = await client.messages.attachment({ params: { id: withFile.Id, attachmentId: attachment.Id } });
    if (link.status !== 200 || link.body.errorCode !== 0) throw new Error('expected a link');
    expect(link.body.result!.fileName).toBe(attachment.fileName);
    const file = await server.app.inject({ method: 'GET', url: link.body.result!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(attachment.fileName);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('PUT Message?isRead and DELETE Message', () => {
  it('marks a list read and unread, answers the new unread count and records the ids changed', async () => {
    const email = 'admin@globex.example';
    const { client } = await signedIn(server.app, email);
    const ids = (await messagesOf(email)).slice(0, 3).map((m) => m.id);
    const read = await client.messages.markRead({ query: { isRead: true }, body: ids });
    const unreadNow = (await messagesOf(email)).filter((m) => !m.is_read).length;
    expect(read.body).toEqual({ errorCode: 0, result: { unreadCount: unreadNow } });
    const unread = await client.messages.markRead({ query: { isRead: false }, body: ids });
    expect(unread.body).toEqual({ errorCode: 0, result: { unreadCount: unreadNow + 3 } });
    const rows = (await messagesOf(email)).filter((m) => ids.includes(m.id));
    expect(rows.every((m) => !m.is_read)).toBe(true);
    const events = await inboxEvents(email);
    expect(events.at(-1)).toMatchObject({ event_type: 'messages.markedUnread', payload: { messageIds: ids } });
    // Nothing to change: no event.
    await client.messages.markRead({ query: { isRead: false }, body: ids });
    expect(await inboxEvents(email)).toHaveLength(events.length);
  });

  it('deletes a list: gone from the list and the detail, kept in the database with the event', async () => {
    const email = 'admin@globex.example';
    const { client } = await signedIn(server.app, email);
    const before = await page(client);
    const ids = before.items.slice(0, 2).map((m) => m.Id);
    const res = await client.messages.remove({ body: ids });
    expect(res.status).toBe(200);
    const after = await page(client);
    expect(after.totalCount).toBe(before.totalCount - 2);
    expect(after.items.map((m) => m.Id)).not.toContain(ids[0]);
    expect((await client.messages.get({ params: { id: ids[0]! } })).status).toBe(404);
    const rows = (await messagesOf(email)).filter((m) => ids.includes(m.id));
    expect(rows.every((m) => m.deleted_at !== null)).toBe(true);
    expect((await inboxEvents(email)).at(-1)).toMatchObject({
      event_type: 'messages.deleted',
      payload: { messageIds: [...ids].sort((a, b) => a - b) },
    });
  });

  it('refuses an empty or malformed id list with 400 and changes nothing', async () => {
    const email = 'admin@globex.example';
    const { client } = await signedIn(server.app, email);
    const before = await messagesOf(email);
    const empty = await client.messages.remove({ body: [] });
    expect(empty.status).toBe(400);
    const bad = await client.messages.markRead({ query: { isRead: true }, body: [-1] });
    expect(bad.status).toBe(400);
    expect(((bad.body as ErrorBody).issues ?? []).length).toBeGreaterThan(0);
    expect(await messagesOf(email)).toEqual(before);
  });
});

describe('customer and user isolation', () => {
  it('a Globex user cannot read, mark, delete or download an Acme user’s message', async () => {
    const victim = 'user@acme-labs.example';
    const target = (await messagesOf(victim)).find((m) => m.deleted_at === null && !m.is_read)!;
    const attachment = await db()
      .selectFrom('message_attachments as a')
      .innerJoin('messages as m', 'm.id', 'a.message_id')
      .select(['a.id', 'a.message_id'])
      .where('m.user_id', '=', (await userOf(victim)).id)
      .executeTakeFirstOrThrow();
    const eventsBefore = await inboxEvents(victim);
    const { client } = await signedIn(server.app, 'user@globex.example');

    expect((await client.messages.get({ params: { id: target.id } })).status).toBe(404);
    const link = await client.messages.attachment({
      params: { id: attachment.message_id, attachmentId: attachment.id },
    });
    expect(link.status).toBe(404);
    await client.messages.markRead({ query: { isRead: true }, body: [target.id] });
    await client.messages.remove({ body: [target.id] });

    const after = (await messagesOf(victim)).find((m) => m.id === target.id)!;
    expect(after).toMatchObject({ is_read: false, deleted_at: null });
    expect(await inboxEvents(victim)).toEqual(eventsBefore);
  });

  it('a colleague of the same customer does not see the user’s messages either', async () => {
    const own = (await messagesOf('user@acme-labs.example')).find((m) => m.deleted_at === null)!;
    const { client } = await signedIn(server.app, 'manager@acme-labs.example');
    expect((await client.messages.get({ params: { id: own.id } })).status).toBe(404);
    expect((await page(client)).items.map((m) => m.Id)).not.toContain(own.id);
  });

  it('a message of another customer of the same user stays out of the list after a switch', async () => {
    const pe = await userOf('pe@provider.example');
    const acme = await db()
      .selectFrom('customers')
      .select('id')
      .where('name', '=', 'Acme Labs')
      .executeTakeFirstOrThrow();
    const [elsewhere] = await insertMessages(db(), [
      {
        customer_id: acme.id,
        user_id: pe.id,
        subject: 'Only in Acme Labs',
        content: '<p>x</p>',
        category: 'system',
      },
    ]);
    const { client } = await signedIn(server.app, 'pe@provider.example');
    expect((await page(client)).items.map((m) => m.Id)).not.toContain(elsewhere);
    expect((await client.messages.get({ params: { id: elsewhere! } })).status).toBe(404);
  });
});
