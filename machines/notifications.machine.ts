import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { NOTIFICATION_PAGE_SIZE } from '../contract/limits';
import type { Message, MessageCategory, MessageListItem, MessagePage } from '../contract/messages';

/** The category filter (spec 3 section 2): all, service requests, feedback. 'all' sends no category. */
export const NOTIFICATION_CATEGORIES = ['all', 'serviceRequest', 'feedback'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** The sort choices (spec 3 section 2): newest first (the default, spec 1 section 9), oldest first, unread first. */
export const NOTIFICATION_SORTS = ['newest', 'oldest', 'unreadFirst'] as const;
export type NotificationSort = (typeof NOTIFICATION_SORTS)[number];

/** How each sort choice is asked of the server (contract messages.list: sortField and sortDesc). */
export const SORT_QUERY: Record<NotificationSort, { sortField: 'createdTime' | 'isRead'; sortDesc: boolean }> = {
  newest: { sortField: 'createdTime', sortDesc: true },
  oldest: { sortField: 'createdTime', sortDesc: false },
  unreadFirst: { sortField: 'isRead', sortDesc: false },
};

/** One page request, in the shape of the list call's query. */
export interface PageRequest {
  pageIndex: number;
  pageSize: number;
  category?: MessageCategory;
  sortField: 'createdTime' | 'isRead';
  sortDesc: boolean;
  /** Absent on page 0: the server starts a new list session and answers its timestamp. */
  sessionTimestamp?: string;
}

export function pageRequestOf(
  category: NotificationCategory,
  sort: NotificationSort,
  pageIndex: number,
  pageSize: number,
  sessionTimestamp: string | null,
): PageRequest {
  return {
    pageIndex,
    pageSize,
    ...(category === 'all' ? {} : { category }),
    ...SORT_QUERY[sort],
    ...(sessionTimestamp === null ? {} : { sessionTimestamp }),
  };
}

/** Whether another page exists (spec 3 section 4): while (pageIndex + 1) * pageSize is less than the total. */
export const hasMorePages = (pageIndex: number, pageSize: number, total: number) => (pageIndex + 1) * pageSize < total;

/** What failed last; the list stays as it was. */
export type NotificationsError = 'list' | 'more' | 'delete' | 'markRead';

export interface NotificationsContext {
  pageSize: number;
  category: NotificationCategory;
  sort: NotificationSort;
  items: MessageListItem[];
  total: number;
  /** The last page loaded; -1 before the first. */
  pageIndex: number;
  /** The list session (spec 3 section 3): set by page 0, sent with every later page. */
  sessionTimestamp: string | null;
  /** The whole inbox's unread count (the bell's number); null until known. */
  unreadCount: number | null;
  /** The ids ticked in batch mode. */
  checked: number[];
  /** The ids a confirmation, a delete or a mark-read is about. */
  pendingIds: number[];
  error: NotificationsError | null;
  /** The message shown in the detail pane. */
  openId: number | null;
  detail: Message | null;
}

export type NotificationsEvent =
  | { type: 'SET_CATEGORY'; category: NotificationCategory }
  | { type: 'SET_SORT'; sort: NotificationSort }
  | { type: 'LOAD_MORE' }
  | { type: 'RETRY' }
  | { type: 'RELOAD' }
  | { type: 'OPEN'; id: number }
  | { type: 'RETRY_DETAIL' }
  | { type: 'CLOSE' }
  | { type: 'TOGGLE_BATCH' }
  | { type: 'TOGGLE_CHECK'; id: number }
  | { type: 'CHECK_ALL' }
  | { type: 'UNCHECK_ALL' }
  | { type: 'REQUEST_DELETE'; id: number }
  | { type: 'REQUEST_BATCH_DELETE' }
  | { type: 'CONFIRM_DELETE' }
  | { type: 'CANCEL_DELETE' }
  | { type: 'MARK_CHECKED_READ' };

export interface NotificationsInput {
  pageSize?: number;
  category?: NotificationCategory;
  sort?: NotificationSort;
}

const unreadCheckedIds = (context: NotificationsContext) =>
  context.items.filter((m) => !m.isRead && context.checked.includes(m.Id)).map((m) => m.Id);

/** Items of a later page that are not already shown (a message may move between pages while the list is open). */
const appendNew = (items: MessageListItem[], page: MessageListItem[]) => {
  const shown = new Set(items.map((m) => m.Id));
  return [...items, ...page.filter((m) => !shown.has(m.Id))];
};

const markedRead = (items: MessageListItem[], ids: readonly number[]) =>
  items.map((m) => (ids.includes(m.Id) && !m.isRead ? { ...m, isRead: true } : m));

/**
 * The notifications page (spec 3 sections 2 and 4): a paged list with a category filter and a sort, infinite
 * scroll within one list session, a detail pane (opening a message fetches it, which marks it read), batch mode
 * with ticked messages, and deletes after a confirmation. Three parallel regions: the list, the detail pane and
 * the mode (single or batch). Loading, opening, deleting and marking read are injected actors. The bell hears of the
 * new unread count from the hub, which pushes it whenever the user's messages change.
 */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    input: {} as NotificationsInput,
  },
  actors: {
    loadPage: fromPromise<MessagePage, PageRequest>(async () => {
      throw new Error('loadPage must be provided');
    }),
    fetchMessage: fromPromise<Message, { id: number }>(async () => {
      throw new Error('fetchMessage must be provided');
    }),
    removeMessages: fromPromise<{ unreadCount: number }, { ids: number[] }>(async () => {
      throw new Error('removeMessages must be provided');
    }),
    markRead: fromPromise<{ unreadCount: number }, { ids: number[] }>(async () => {
      throw new Error('markRead must be provided');
    }),
  },
  actions: {
    /** Messages were deleted (the screen confirms it with a toast). */
    deleted: (_, _params: { count: number }) => {},
    clearError: assign({ error: null }),
    newSession: assign({ sessionTimestamp: null }),
  },
  guards: {
    hasMore: ({ context }) => hasMorePages(context.pageIndex, context.pageSize, context.total),
    hasChecked: ({ context }) => context.checked.length > 0,
    hasUnreadChecked: ({ context }) => unreadCheckedIds(context).length > 0,
    categoryChanged: ({ context, event }) => event.type === 'SET_CATEGORY' && event.category !== context.category,
    sortChanged: ({ context, event }) => event.type === 'SET_SORT' && event.sort !== context.sort,
  },
}).createMachine({
  id: 'notifications',
  context: ({ input }) => ({
    pageSize: input.pageSize ?? NOTIFICATION_PAGE_SIZE,
    category: input.category ?? 'all',
    sort: input.sort ?? 'newest',
    items: [],
    total: 0,
    pageIndex: -1,
    sessionTimestamp: null,
    unreadCount: null,
    checked: [],
    pendingIds: [],
    error: null,
    openId: null,
    detail: null,
  }),
  type: 'parallel',
  states: {
    list: {
      initial: 'browsing',
      states: {
        browsing: {
          initial: 'loading',
          on: {
            SET_CATEGORY: {
              guard: 'categoryChanged',
              target: '.loading',
              actions: [assign({ category: ({ event }) => event.category }), 'newSession'],
            },
            SET_SORT: {
              guard: 'sortChanged',
              target: '.loading',
              actions: [assign({ sort: ({ event }) => event.sort }), 'newSession'],
            },
            RELOAD: { target: '.loading', actions: 'newSession' },
            REQUEST_DELETE: {
              target: 'confirmingDelete',
              actions: assign({ pendingIds: ({ event }) => [event.id] }),
            },
            REQUEST_BATCH_DELETE: {
              guard: 'hasChecked',
              target: 'confirmingDelete',
              actions: assign({ pendingIds: ({ context }) => [...context.checked] }),
            },
            MARK_CHECKED_READ: {
              guard: 'hasUnreadChecked',
              target: 'markingRead',
              actions: assign({ pendingIds: ({ context }) => unreadCheckedIds(context) }),
            },
          },
          states: {
            /** Page 0 of a new list session. The list shown so far stays until the answer replaces it. */
            loading: {
              entry: 'clearError',
              invoke: {
                src: 'loadPage',
                input: ({ context }) => pageRequestOf(context.category, context.sort, 0, context.pageSize, null),
                onDone: {
                  target: 'ready',
                  actions: assign(({ context, event }) => {
                    const ids = new Set(event.output.items.map((m) => m.Id));
                    return {
                      items: event.output.items,
                      total: event.output.totalRecordCount,
                      pageIndex: 0,
                      sessionTimestamp: event.output.sessionTimestamp,
                      unreadCount: event.output.unreadCount,
                      checked: context.checked.filter((id) => ids.has(id)),
                    };
                  }),
                },
                onError: { target: 'failed', actions: assign({ error: 'list' }) },
              },
            },
            ready: {
              on: { LOAD_MORE: { guard: 'hasMore', target: 'loadingMore' } },
            },
            loadingMore: {
              entry: 'clearError',
              invoke: {
                src: 'loadPage',
                input: ({ context }) =>
                  pageRequestOf(
                    context.category,
                    context.sort,
                    context.pageIndex + 1,
                    context.pageSize,
                    context.sessionTimestamp,
                  ),
                onDone: {
                  target: 'ready',
                  actions: assign(({ context, event }) => ({
                    items: appendNew(context.items, event.output.items),
                    total: event.output.totalRecordCount,
                    pageIndex: context.pageIndex + 1,
                    unreadCount: event.output.unreadCount,
                  })),
                },
                onError: { target: 'moreFailed', actions: assign({ error: 'more' }) },
              },
            },
            /** Page 0 failed: whatever list was shown stays, with the error and a retry. */
            failed: {
              on: { RETRY: 'loading' },
            },
            /** A later page failed: the pages loaded stay; retrying (or scrolling on) asks that page again. */
            moreFailed: {
              on: {
                RETRY: 'loadingMore',
                LOAD_MORE: { guard: 'hasMore', target: 'loadingMore' },
              },
            },
            hist: { type: 'history' },
          },
        },
        confirmingDelete: {
          on: {
            CONFIRM_DELETE: 'deleting',
            CANCEL_DELETE: { target: 'browsing.hist', actions: assign({ pendingIds: [] }) },
          },
        },
        /** Deleting reloads page 0 (a new session) and takes the new unread count (spec 3 section 4). */
        deleting: {
          entry: 'clearError',
          invoke: {
            src: 'removeMessages',
            input: ({ context }) => ({ ids: context.pendingIds }),
            onDone: {
              target: 'browsing.loading',
              actions: [
                enqueueActions(({ context, enqueue }) => {
                  if (context.openId !== null && context.pendingIds.includes(context.openId)) {
                    enqueue.raise({ type: 'CLOSE' });
                  }
                }),
                { type: 'deleted', params: ({ context }) => ({ count: context.pendingIds.length }) },
                assign(({ context, event }) => ({
                  unreadCount: event.output.unreadCount,
                  items: context.items.filter((m) => !context.pendingIds.includes(m.Id)),
                  checked: context.checked.filter((id) => !context.pendingIds.includes(id)),
                  pendingIds: [],
                  sessionTimestamp: null,
                })),
              ],
            },
            onError: {
              target: 'browsing.hist',
              actions: assign({ error: 'delete', pendingIds: [] }),
            },
          },
        },
        markingRead: {
          entry: 'clearError',
          invoke: {
            src: 'markRead',
            input: ({ context }) => ({ ids: context.pendingIds }),
            onDone: {
              target: 'browsing.hist',
              actions: [
                assign(({ context, event }) => ({
                  unreadCount: event.output.unreadCount,
                  items: markedRead(context.items, context.pendingIds),
                  detail:
                    context.detail && context.pendingIds.includes(context.detail.Id)
                      ? { ...context.detail, isRead: true }
                      : context.detail,
                  pendingIds: [],
                })),
              ],
            },
            onError: { target: 'browsing.hist', actions: assign({ error: 'markRead', pendingIds: [] }) },
          },
        },
      },
    },
    detail: {
      initial: 'closed',
      on: {
        OPEN: { target: '.opening', actions: assign({ openId: ({ event }) => event.id, detail: null }) },
        CLOSE: { target: '.closed', actions: assign({ openId: null, detail: null }) },
      },
      states: {
        closed: {},
        /** Fetching the message marks it read on the server; the list item shows read, the bell is told. */
        opening: {
          invoke: {
            src: 'fetchMessage',
            input: ({ context }) => ({ id: context.openId! }),
            onDone: [
              {
                guard: ({ context, event }) => context.items.some((m) => m.Id === event.output.Id && !m.isRead),
                target: 'showing',
                actions: [
                  assign(({ context, event }) => ({
                    detail: event.output,
                    items: markedRead(context.items, [event.output.Id]),
                    unreadCount: context.unreadCount === null ? null : Math.max(0, context.unreadCount - 1),
                  })),
                ],
              },
              { target: 'showing', actions: assign({ detail: ({ event }) => event.output }) },
            ],
            onError: { target: 'failed' },
          },
        },
        showing: {},
        failed: {
          on: { RETRY_DETAIL: 'opening' },
        },
      },
    },
    mode: {
      initial: 'single',
      states: {
        single: {
          on: { TOGGLE_BATCH: 'batch' },
        },
        /** Batch mode: messages are ticked for a batch delete or mark-read; leaving it clears the ticks. */
        batch: {
          exit: assign({ checked: [] }),
          on: {
            TOGGLE_BATCH: 'single',
            TOGGLE_CHECK: {
              actions: assign({
                checked: ({ context, event }) =>
                  context.checked.includes(event.id)
                    ? context.checked.filter((id) => id !== event.id)
                    : [...context.checked, event.id],
              }),
            },
            CHECK_ALL: { actions: assign({ checked: ({ context }) => context.items.map((m) => m.Id) }) },
            UNCHECK_ALL: { actions: assign({ checked: [] }) },
          },
        },
      },
    },
  },
});

/** The list is busy with a delete or a mark-read, or waiting for the confirmation: the controls wait too. */
export const isListBusy = (snapshot: SnapshotFrom<typeof notificationsMachine>) =>
  snapshot.matches({ list: 'confirmingDelete' }) ||
  snapshot.matches({ list: 'deleting' }) ||
  snapshot.matches({ list: 'markingRead' });
