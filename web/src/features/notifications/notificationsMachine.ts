import { fromPromise } from 'xstate';
import type { Message, MessagePage } from '../../../../contract/messages';
import { notificationsMachine, type PageRequest } from '../../../../machines/notifications.machine';
import { client, resultOf } from '../../lib/api';

/** The notifications machine with its effects: the typed client's message calls. */
export const createNotificationsMachine = (onDeleted: (count: number) => void) =>
  notificationsMachine.provide({
    actors: {
      loadPage: fromPromise<MessagePage, PageRequest>(({ input }) => resultOf(client.messages.list({ query: input }))),
      fetchMessage: fromPromise<Message, { id: number }>(({ input }) =>
        resultOf(client.messages.get({ params: { id: input.id }, query: {} })),
      ),
      removeMessages: fromPromise<{ unreadCount: number }, { ids: number[] }>(({ input }) =>
        resultOf(client.messages.remove({ query: {}, body: input.ids })),
      ),
      markRead: fromPromise<{ unreadCount: number }, { ids: number[] }>(({ input }) =>
        resultOf(client.messages.markRead({ query: { isRead: true }, body: input.ids })),
      ),
    },
    actions: {
      deleted: (_, { count }) => onDeleted(count),
    },
  });

/** Ask the server for a short-lived download link of an attachment. */
export const attachmentLink = (messageId: number, attachmentId: number) =>
  resultOf(client.messages.attachment({ params: { id: messageId, attachmentId }, query: {} }));

/** Start the download of a signed link (the server answers with Content-Disposition: attachment). */
export function startDownload(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
