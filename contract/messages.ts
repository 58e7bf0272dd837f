import { z } from 'zod';
import { getWrites, signedIn } from './access';
import { c, envelope, standardErrors, withCommonQuery, queryBoolean } from './common';
import { NOTIFICATION_PAGE_SIZE, INT32_MAX, PAGE_INDEX_MAX } from './limits';
import { MAX_PAGE_SIZE } from './listQuery';

/** Notifications (spec 1 section 3 "Message", spec 3 sections 2, 4 and 7). Field names as the spec writes them. */

/** The category filter offers all, service requests and feedback (spec 3 section 2). Values chosen: not in spec */
export const MessageCategory = z.enum(['serviceRequest', 'feedback', 'system']);
export type MessageCategory = z.infer<typeof MessageCategory>;

/** How many ids one mark-read or delete call may carry. chosen: not in spec */
export const MESSAGE_BATCH_MAX = 1000;

export const MessageAttachment = z.object({
  Id: z.number().int().positive().max(INT32_MAX),
  fileName: z.string().max(255),
});

export const Message = z.object({
  Id: z.number().int().positive().max(INT32_MAX),
  subject: z.string().max(200),
  isRead: z.boolean(),
  category: MessageCategory,
  createdTime: z.string().datetime({ offset: true }),
  /** HTML; the client sanitises it before showing it. */
  content: z.string(),
  attachments: z.array(MessageAttachment),
});
export type Message = z.infer<typeof Message>;

/** A list entry: the content comes with the detail (opening a message fetches it, spec 3 section 4). */
export const MessageListItem = Message.omit({ content: true });
export type MessageListItem = z.infer<typeof MessageListItem>;

export const MessagePage = z.object({
  items: z.array(MessageListItem),
  /** totalCount and totalRecordCount carry the same number (the spec uses both names). */
  totalCount: z.number().int().min(0),
  totalRecordCount: z.number().int().min(0),
  unreadCount: z.number().int().min(0),
  /** The moment page 0 was read; sent back with later pages so new messages do not shift the paging. */
  sessionTimestamp: z.string().datetime({ offset: true }),
});
export type MessagePage = z.infer<typeof MessagePage>;

/** A list of message ids (PUT Message?isRead, DELETE Message). */
export const MessageIds = z.array(z.number().int().positive().max(INT32_MAX)).min(1).max(MESSAGE_BATCH_MAX);

export const UnreadCount = z.object({ unreadCount: z.number().int().min(0) });

/** A short-lived download address of an attachment (pre-signed, spec 1 section 7). */
export const AttachmentLink = z.object({ url: z.string(), fileName: z.string().max(255) });

export const messagesContract = c.router(
  {
    list: {
      method: 'GET',
      path: '/api/Message/list',
      query: withCommonQuery({
        pageIndex: z.coerce.number().int().min(0).max(PAGE_INDEX_MAX).default(0),
        pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(NOTIFICATION_PAGE_SIZE),
        isRead: queryBoolean.optional(),
        /** Absent: all categories. */
        category: MessageCategory.optional(),
        /**
         * The sort (spec 1: sortField and sortDesc; spec 3 calls the choice sortRule): newest first is createdTime
         * descending, oldest first createdTime ascending, unread first isRead ascending (then newest first).
         */
        sortField: z.enum(['createdTime', 'isRead']).default('createdTime'),
        sortDesc: queryBoolean.default(true),
        sessionTimestamp: z.string().datetime({ offset: true }).optional(),
      }),
      responses: { 200: envelope(MessagePage), ...standardErrors },
      summary: "A page of the signed-in user's notifications, with the total and unread counts",
      metadata: signedIn('customer'),
    },
    unreadCount: {
      method: 'GET',
      path: '/api/Message/unread/count',
      query: withCommonQuery({}),
      responses: { 200: envelope(z.number().int().min(0)), ...standardErrors },
      summary: 'How many notifications of the signed-in user are unread (the bell badge)',
      metadata: signedIn('customer'),
    },
    get: {
      method: 'GET',
      path: '/api/Message/:id',
      pathParams: z.object({ id: z.coerce.number().int().positive().max(INT32_MAX) }),
      query: withCommonQuery({}),
      responses: { 200: envelope(Message), ...standardErrors },
      summary: 'One notification with its HTML content and attachments',
      metadata: getWrites(signedIn('customer')),
    },
    attachment: {
      method: 'GET',
      path: '/api/Message/:id/attachment/:attachmentId', // path chosen: not in spec
      pathParams: z.object({
        id: z.coerce.number().int().positive().max(INT32_MAX),
        attachmentId: z.coerce.number().int().positive().max(INT32_MAX),
      }),
      query: withCommonQuery({}),
      responses: { 200: envelope(AttachmentLink), ...standardErrors },
      summary: "A short-lived download link for an attachment of one of the signed-in user's notifications",
      metadata: signedIn('customer'),
    },
    markRead: {
      method: 'PUT',
      path: '/api/Message',
      query: withCommonQuery({ isRead: queryBoolean }),
      body: MessageIds,
      responses: { 200: envelope(UnreadCount), ...standardErrors },
      summary: 'Mark notifications read (isRead=true) or unread; answers the new unread count',
      metadata: signedIn('customer'),
    },
    remove: {
      method: 'DELETE',
      path: '/api/Message',
      query: withCommonQuery({}),
      body: MessageIds,
      responses: { 200: envelope(UnreadCount), ...standardErrors },
      summary: 'Delete notifications of the signed-in user; answers the new unread count',
      metadata: signedIn('customer'),
    },
  },
  { strictStatusCodes: true },
);
