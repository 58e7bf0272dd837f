import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { initServer } from '@ts-rest/fastify';
import { messagesContract } from '../../../contract/messages';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { change } from '../db/events';
import type { Database } from '../db/schema';
import { ok } from '../lib/envelope';
import { countUnread, listMessages, setReadFlag, softDeleteMessages, type Inbox } from './queries';
import { requireMessage, requireMessageAttachment } from './records';
import { storageOf } from '../storage';
import { BUCKET_OF_FILE_TYPE } from '../storage/layout';

const s = initServer();

/** Thrown inside a change that turned out to change nothing: it rolls back, and no event is written. */
class NothingChanged extends Error {}

type InboxEvent = 'messages.markedRead' | 'messages.markedUnread' | 'messages.deleted';

export function messagesRouter({ db, config }: AppDeps) {
  const inboxOf = (request: FastifyRequest): Inbox => {
    const { userId, customerId } = actorOf(request);
    return { userId, customerId };
  };

  /** Change messages of the inbox with one event naming them; the event is the inbox's (the user's) history. */
  const changeInbox = async (
    inbox: Inbox,
    eventType: InboxEvent,
    work: (trx: Transaction<Database>) => Promise<number[]>,
  ) => {
    try {
      await change(db, async (trx) => {
        const messageIds = await work(trx);
        if (messageIds.length === 0) throw new NothingChanged();
        return {
          result: messageIds,
          event: {
            customerId: inbox.customerId,
            actorId: inbox.userId,
            entityType: 'inbox',
            entityId: inbox.userId,
            eventType,
            payload: { messageIds },
          },
        };
      });
    } catch (error) {
      if (!(error instanceof NothingChanged)) throw error;
    }
  };

  return s.router(messagesContract, {
    list: async ({ request, query }) => ok(await listMessages(db, inboxOf(request), query)),

    unreadCount: async ({ request }) => ok(await countUnread(db, inboxOf(request))),

    get: async ({ request, params }) => {
      const inbox = inboxOf(request);
      const message = await requireMessage(db, inbox, params.id);
      if (!message.isRead) {
        await changeInbox(inbox, 'messages.markedRead', (trx) => setReadFlag(trx, inbox, [message.Id], true));
      }
      return ok({ ...message, isRead: true });
    },

    attachment: async ({ request, params }) => {
      const attachment = await requireMessageAttachment(db, inboxOf(request), params.id, params.attachmentId);
      const { url } = await storageOf(config).presignDownload({
        bucket: BUCKET_OF_FILE_TYPE.Message,
        key: attachment.resource_key,
        fileName: attachment.file_name,
      });
      return ok({ url, fileName: attachment.file_name });
    },

    // Ids that are not live messages of the inbox are left alone: the answer is the same, and says nothing of them.
    markRead: async ({ request, query, body }) => {
      const inbox = inboxOf(request);
      const eventType = query.isRead ? 'messages.markedRead' : 'messages.markedUnread';
      await changeInbox(inbox, eventType, (trx) => setReadFlag(trx, inbox, body, query.isRead));
      return ok({ unreadCount: await countUnread(db, inbox) });
    },

    remove: async ({ request, body }) => {
      const inbox = inboxOf(request);
      await changeInbox(inbox, 'messages.deleted', (trx) => softDeleteMessages(trx, inbox, body));
      return ok({ unreadCount: await countUnread(db, inbox) });
    },
  });
}
