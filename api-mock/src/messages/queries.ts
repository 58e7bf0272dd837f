import { sql, type Kysely, type Transaction } from 'kysely';
import type { ServerInferRequest } from '@ts-rest/core';
import type { Message, MessageListItem, MessagePage, messagesContract } from '../../../contract/messages';
import type { Database, MessagesTable } from '../db/schema';
import { onePage } from '../lib/paging';

/** Whose notifications: a user sees only their own, in the customer the session is switched to. */
export interface Inbox {
  userId: number;
  customerId: number;
}

export type MessageListQuery = ServerInferRequest<typeof messagesContract.list>['query'];

type Db = Kysely<Database> | Transaction<Database>;

const live = (db: Db, inbox: Inbox) =>
  db
    .selectFrom('messages')
    .where('messages.user_id', '=', inbox.userId)
    .where('messages.customer_id', '=', inbox.customerId)
    .where('messages.deleted_at', 'is', null);

async function attachmentsOf(db: Db, messageIds: number[]): Promise<Map<number, Message['attachments']>> {
  const byMessage = new Map<number, Message['attachments']>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .selectFrom('message_attachments')
    .select(['id', 'message_id', 'file_name'])
    .where('message_id', 'in', messageIds)
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byMessage.get(row.message_id) ?? [];
    list.push({ Id: row.id, fileName: row.file_name });
    byMessage.set(row.message_id, list);
  }
  return byMessage;
}

export async function countUnread(db: Db, inbox: Inbox): Promise<number> {
  const row = await live(db, inbox)
    .where('is_read', '=', false)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A page of the inbox. Only messages created up to the session timestamp count, so a list session that started
 * then keeps its paging while new messages arrive; the unread count is of the whole inbox (the bell's number).
 */
export async function listMessages(db: Db, inbox: Inbox, query: MessageListQuery): Promise<MessagePage> {
  const sessionTimestamp = query.sessionTimestamp ? new Date(query.sessionTimestamp) : new Date();
  let matching = live(db, inbox).where('created_at', '<=', sessionTimestamp);
  if (query.category) matching = matching.where('category', '=', query.category);
  if (query.isRead !== undefined) matching = matching.where('is_read', '=', query.isRead);

  // The page's total and the inbox's unread count in one pass over the inbox.
  const { total, unread } = await live(db, inbox)
    .select((eb) => [
      eb.fn
        .countAll<number>()
        .filterWhere((f) =>
          f.and([
            f('created_at', '<=', sessionTimestamp),
            ...(query.category ? [f('category', '=', query.category)] : []),
            ...(query.isRead !== undefined ? [f('is_read', '=', query.isRead)] : []),
          ]),
        )
        .as('total'),
      eb.fn.countAll<number>().filterWhere('is_read', '=', false).as('unread'),
    ])
    .executeTakeFirstOrThrow();
  const direction = query.sortDesc ? 'desc' : 'asc';
  const sorted =
    query.sortField === 'isRead'
      ? matching.orderBy('is_read', direction).orderBy('created_at', 'desc').orderBy('id', 'desc')
      : matching.orderBy('created_at', direction).orderBy('id', direction);
  const rows = await onePage(
    sorted.select([
      'id',
      'subject',
      'is_read',
      'category',
      'created_at',
      sql<Message['attachments']>`(select coalesce(json_agg(json_build_object('Id', a.id, 'fileName', a.file_name)
        order by a.id), '[]') from message_attachments a where a.message_id = messages.id)`.as('attachments'),
    ]),
    query,
  ).execute();
  const items: MessageListItem[] = rows.map((row) => ({
    Id: row.id,
    subject: row.subject,
    isRead: row.is_read,
    category: row.category,
    createdTime: row.created_at.toISOString(),
    attachments: row.attachments,
  }));
  return {
    items,
    totalCount: Number(total),
    totalRecordCount: Number(total),
    unreadCount: Number(unread),
    sessionTimestamp: sessionTimestamp.toISOString(),
  };
}

/** One message of the inbox with its content, or null when it is not there (deleted, or someone else's). */
export async function findMessage(db: Db, inbox: Inbox, id: number): Promise<Message | null> {
  const row = await live(db, inbox)
    .select(['id', 'subject', 'is_read', 'category', 'created_at', 'content'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const attachments = await attachmentsOf(db, [row.id]);
  return {
    Id: row.id,
    subject: row.subject,
    isRead: row.is_read,
    category: row.category,
    createdTime: row.created_at.toISOString(),
    content: row.content,
    attachments: attachments.get(row.id) ?? [],
  };
}

/** An attachment of a message of the inbox, or null. */
export async function findAttachment(db: Db, inbox: Inbox, messageId: number, attachmentId: number) {
  return live(db, inbox)
    .innerJoin('message_attachments as a', 'a.message_id', 'messages.id')
    .select(['a.file_name', 'a.resource_key'])
    .where('messages.id', '=', messageId)
    .where('a.id', '=', attachmentId)
    .executeTakeFirst();
}

/** Set the read flag of those of `ids` in the inbox whose flag differs; answers the ids changed. */
export async function setReadFlag(trx: Db, inbox: Inbox, ids: number[], isRead: boolean): Promise<number[]> {
  const rows = await trx
    .updateTable('messages')
    .set({ is_read: isRead })
    .where('user_id', '=', inbox.userId)
    .where('customer_id', '=', inbox.customerId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids)
    .where('is_read', '!=', isRead)
    .returning('id')
    .execute();
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Delete (softly: the row stays for the audit) those of `ids` in the inbox; answers the ids deleted. */
export async function softDeleteMessages(trx: Db, inbox: Inbox, ids: number[]): Promise<number[]> {
  const rows = await trx
    .updateTable('messages')
    .set({ deleted_at: sql<Date>`now()` })
    .where('user_id', '=', inbox.userId)
    .where('customer_id', '=', inbox.customerId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids)
    .returning('id')
    .execute();
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export interface NewMessage {
  customer_id: number;
  user_id: number;
  subject: string;
  content: string;
  category: MessagesTable['category'];
  is_read?: boolean;
  created_at?: Date;
  attachments?: Array<{ file_name: string; resource_key: string }>;
}

const BATCH = 500;

/** Insert messages with their attachments (the demo world, tests); answers the new message ids in order. */
export async function insertMessages(trx: Db, messages: NewMessage[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < messages.length; i += BATCH) {
    const batch = messages.slice(i, i + BATCH);
    const rows = await trx
      .insertInto('messages')
      .values(batch.map(({ attachments: _attachments, ...message }) => message))
      .returning('id')
      .execute();
    // Serial ids are drawn in the order of the rows.
    const batchIds = rows.map((r) => r.id).sort((x, y) => x - y);
    const attachments = batch.flatMap((m, j) => (m.attachments ?? []).map((a) => ({ ...a, message_id: batchIds[j]! })));
    if (attachments.length > 0) await trx.insertInto('message_attachments').values(attachments).execute();
    ids.push(...batchIds);
  }
  return ids;
}
