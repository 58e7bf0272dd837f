import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type Actor } from 'xstate';
import { NOTIFICATION_PAGE_SIZE } from '../contract/limits';
import type { Message, MessageCategory, MessageListItem, MessagePage } from '../contract/messages';
import {
  hasMorePages,
  isListBusy,
  notificationsMachine,
  pageRequestOf,
  type NotificationsInput,
  type PageRequest,
} from './notifications.machine';

type Effect = 'loadPage' | 'fetchMessage' | 'removeMessages' | 'markRead';

/** A message of the fake inbox: a higher id is a newer message. */
const message = (id: number, overrides: Partial<MessageListItem> = {}): MessageListItem => ({
  Id: id,
  subject: `Message ${id}`,
  isRead: false,
  category: 'serviceRequest',
  createdTime: new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString(),
  attachments: [],
  ...overrides,
});

const inboxOf = (count: number, make: (id: number) => Partial<MessageListItem> = () => ({})) =>
  Array.from({ length: count }, (_, i) => message(i + 1, make(i + 1)));

/**
 * The server's side of the list, in memory: filter, sort and paging as the contract describes, the calls it
 * received, failures on demand, and calls that can be held until released (to see what happens meanwhile).
 */
function fakeServer(initial: MessageListItem[]) {
  let inbox = [...initial];
  let sessions = 0;
  const requests: PageRequest[] = [];
  const fetched: number[] = [];
  const removed: number[][] = [];
  const markedRead: number[][] = [];
  const deletedCounts: number[] = [];
  const failing = new Set<Effect>();
  const held = new Map<Effect, Array<() => void>>();
  const holding = new Set<Effect>();

  const gate = async (effect: Effect) => {
    if (holding.has(effect))
      await new Promise<void>((resolve) => held.set(effect, [...(held.get(effect) ?? []), resolve]));
    if (failing.has(effect)) throw new Error(`${effect} failed`);
  };
  const unread = () => inbox.filter((m) => !m.isRead).length;

  const page = (request: PageRequest): MessagePage => {
    let matching = inbox.filter((m) => !request.category || m.category === request.category);
    matching = [...matching].sort((a, b) => {
      if (request.sortField === 'isRead' && a.isRead !== b.isRead) return a.isRead ? 1 : -1;
      if (request.sortField === 'isRead') return b.Id - a.Id;
      return request.sortDesc ? b.Id - a.Id : a.Id - b.Id;
    });
    const start = request.pageIndex * request.pageSize;
    return {
      items: matching.slice(start, start + request.pageSize).map((m) => ({ ...m })),
      totalCount: matching.length,
      totalRecordCount: matching.length,
      unreadCount: unread(),
      sessionTimestamp: request.sessionTimestamp ?? `session-${++sessions}`,
    };
  };

  const machine = notificationsMachine.provide({
    actors: {
      loadPage: fromPromise<MessagePage, PageRequest>(async ({ input }) => {
        requests.push(input);
        await gate('loadPage');
        return page(input);
      }),
      fetchMessage: fromPromise<Message, { id: number }>(async ({ input }) => {
        fetched.push(input.id);
        await gate('fetchMessage');
        inbox = inbox.map((m) => (m.Id === input.id ? { ...m, isRead: true } : m));
        return { ...inbox.find((m) => m.Id === input.id)!, content: `<p>Content of ${input.id}</p>` };
      }),
      removeMessages: fromPromise<{ unreadCount: number }, { ids: number[] }>(async ({ input }) => {
        removed.push(input.ids);
        await gate('removeMessages');
        inbox = inbox.filter((m) => !input.ids.includes(m.Id));
        return { unreadCount: unread() };
      }),
      markRead: fromPromise<{ unreadCount: number }, { ids: number[] }>(async ({ input }) => {
        markedRead.push(input.ids);
        await gate('markRead');
        inbox = inbox.map((m) => (input.ids.includes(m.Id) ? { ...m, isRead: true } : m));
        return { unreadCount: unread() };
      }),
    },
    actions: {
      deleted: (_, { count }) => void deletedCounts.push(count),
    },
  });

  return {
    machine,
    requests,
    fetched,
    removed,
    markedRead,
    deletedCounts,
    fail: (effect: Effect) => failing.add(effect),
    recover: (effect: Effect) => failing.delete(effect),
    hold: (effect: Effect) => holding.add(effect),
    release: (effect: Effect) => {
      holding.delete(effect);
      for (const resolve of held.get(effect) ?? []) resolve();
      held.delete(effect);
    },
  };
}

let actor: Actor<typeof notificationsMachine> | undefined;
afterEach(() => actor?.stop());

async function start(inbox: MessageListItem[], input: NotificationsInput = {}) {
  const server = fakeServer(inbox);
  actor = createActor(server.machine, { input }).start();
  const ready = () => waitFor(actor!, (s) => s.matches({ list: { browsing: 'ready' } }));
  const settled = () =>
    waitFor(
      actor!,
      (s) =>
        s.matches({ list: { browsing: 'ready' } }) ||
        s.matches({ list: { browsing: 'failed' } }) ||
        s.matches({ list: { browsing: 'moreFailed' } }),
    );
  await settled();
  return { server, actor, ready, settled, ctx: () => actor!.getSnapshot().context };
}

const ids = (items: MessageListItem[]) => items.map((m) => m.Id);

describe('notifications: the query of a page', () => {
  it('sends no category for all, and each sort as sortField and sortDesc', () => {
    expect(pageRequestOf('all', 'newest', 0, 50, null)).toEqual({
      pageIndex: 0,
      pageSize: 50,
      sortField: 'createdTime',
      sortDesc: true,
    });
    expect(pageRequestOf('feedback', 'oldest', 2, 50, 'ts')).toEqual({
      pageIndex: 2,
      pageSize: 50,
      category: 'feedback',
      sortField: 'createdTime',
      sortDesc: false,
      sessionTimestamp: 'ts',
    });
    expect(pageRequestOf('serviceRequest', 'unreadFirst', 0, 50, null)).toMatchObject({
      category: 'serviceRequest',
      sortField: 'isRead',
      sortDesc: false,
    });
  });

  it('has another page only while (pageIndex + 1) * pageSize is less than the total', () => {
    expect(hasMorePages(0, 50, 0)).toBe(false);
    expect(hasMorePages(0, 50, 50)).toBe(false);
    expect(hasMorePages(0, 50, 51)).toBe(true);
    expect(hasMorePages(1, 50, 100)).toBe(false);
    expect(hasMorePages(1, 50, 101)).toBe(true);
  });
});

describe('notifications: the list', () => {
  it('loads page 0 of all categories, newest first, with the page size of 50, and starts a list session', async () => {
    const { server, ctx } = await start(inboxOf(60, (id) => ({ isRead: id % 2 === 0 })));
    expect(server.requests).toEqual([
      { pageIndex: 0, pageSize: NOTIFICATION_PAGE_SIZE, sortField: 'createdTime', sortDesc: true },
    ]);
    expect(ctx().items).toHaveLength(50);
    expect(ctx().items[0]!.Id).toBe(60);
    expect(ctx()).toMatchObject({
      total: 60,
      pageIndex: 0,
      sessionTimestamp: 'session-1',
      unreadCount: 30,
      error: null,
    });
    expect(actor!.getSnapshot().matches({ detail: 'closed', mode: 'single' })).toBe(true);
  });

  it('shows an empty inbox as an empty, complete list', async () => {
    const { ctx } = await start([]);
    expect(ctx()).toMatchObject({ items: [], total: 0, pageIndex: 0 });
    expect(actor!.getSnapshot().can({ type: 'LOAD_MORE' })).toBe(false);
  });

  it('loads the next pages with the same session timestamp, and never asks for a page beyond the total', async () => {
    const { server, ready, ctx } = await start(inboxOf(120), { pageSize: 50 });
    actor!.send({ type: 'LOAD_MORE' });
    await waitFor(actor!, (s) => s.context.pageIndex === 1);
    actor!.send({ type: 'LOAD_MORE' });
    await waitFor(actor!, (s) => s.context.pageIndex === 2);
    await ready();
    expect(server.requests.map((r) => [r.pageIndex, r.sessionTimestamp])).toEqual([
      [0, undefined],
      [1, 'session-1'],
      [2, 'session-1'],
    ]);
    expect(ctx().items).toHaveLength(120);
    expect(actor!.getSnapshot().can({ type: 'LOAD_MORE' })).toBe(false);
    actor!.send({ type: 'LOAD_MORE' });
    actor!.send({ type: 'LOAD_MORE' });
    await new Promise((r) => setTimeout(r, 10));
    expect(server.requests).toHaveLength(3);
    expect(actor!.getSnapshot().matches({ list: { browsing: 'ready' } })).toBe(true);
  });

  it('asks for no second page when the total is exactly one page', async () => {
    const { server } = await start(inboxOf(10), { pageSize: 10 });
    actor!.send({ type: 'LOAD_MORE' });
    await new Promise((r) => setTimeout(r, 10));
    expect(server.requests).toHaveLength(1);
  });

  it('ignores LOAD_MORE while a page is already on its way (the scroll sentinel fires repeatedly)', async () => {
    const { server, ready } = await start(inboxOf(30), { pageSize: 10 });
    server.hold('loadPage');
    actor!.send({ type: 'LOAD_MORE' });
    expect(actor!.getSnapshot().matches({ list: { browsing: 'loadingMore' } })).toBe(true);
    actor!.send({ type: 'LOAD_MORE' });
    actor!.send({ type: 'LOAD_MORE' });
    server.release('loadPage');
    await ready();
    expect(server.requests.map((r) => r.pageIndex)).toEqual([0, 1]);
  });

  it('does not add a message twice when it moved onto the next page meanwhile', async () => {
    const duplicate = notificationsMachine.provide({
      actors: {
        loadPage: fromPromise<MessagePage, PageRequest>(async ({ input }) => ({
          items: input.pageIndex === 0 ? [message(4), message(3)] : [message(3), message(2)],
          totalCount: 4,
          totalRecordCount: 4,
          unreadCount: 4,
          sessionTimestamp: 'ts',
        })),
      },
    });
    actor = createActor(duplicate, { input: { pageSize: 2 } }).start();
    await waitFor(actor, (s) => s.matches({ list: { browsing: 'ready' } }));
    actor.send({ type: 'LOAD_MORE' });
    await waitFor(actor, (s) => s.context.pageIndex === 1);
    expect(ids(actor.getSnapshot().context.items)).toEqual([4, 3, 2]);
  });

  it('a new category reloads page 0 in a new session and replaces the list; the same category is no change', async () => {
    const inbox = inboxOf(80, (id) => ({
      category: (id % 3 === 0 ? 'feedback' : 'serviceRequest') as MessageCategory,
    }));
    const { server, ready, ctx } = await start(inbox, { pageSize: 10 });
    actor!.send({ type: 'LOAD_MORE' });
    await waitFor(actor!, (s) => s.context.pageIndex === 1);
    actor!.send({ type: 'SET_CATEGORY', category: 'feedback' });
    expect(actor!.getSnapshot().matches({ list: { browsing: 'loading' } })).toBe(true);
    await ready();
    expect(server.requests.at(-1)).toEqual({
      pageIndex: 0,
      pageSize: 10,
      category: 'feedback',
      sortField: 'createdTime',
      sortDesc: true,
    });
    expect(ctx().items.every((m) => m.category === 'feedback')).toBe(true);
    expect(ctx()).toMatchObject({ category: 'feedback', pageIndex: 0, total: 26, sessionTimestamp: 'session-2' });
    expect(actor!.getSnapshot().can({ type: 'SET_CATEGORY', category: 'feedback' })).toBe(false);
    actor!.send({ type: 'SET_CATEGORY', category: 'all' });
    await ready();
    expect(server.requests.at(-1)).not.toHaveProperty('category');
    expect(server.requests).toHaveLength(4);
  });

  it('a new sort reloads page 0 in a new session: oldest first, then unread first', async () => {
    const { server, ready, ctx } = await start(
      inboxOf(12, (id) => ({ isRead: id > 3 })),
      { pageSize: 5 },
    );
    actor!.send({ type: 'LOAD_MORE' });
    await waitFor(actor!, (s) => s.context.pageIndex === 1);
    actor!.send({ type: 'SET_SORT', sort: 'oldest' });
    await ready();
    expect(server.requests.at(-1)).toMatchObject({ pageIndex: 0, sortField: 'createdTime', sortDesc: false });
    expect(server.requests.at(-1)).not.toHaveProperty('sessionTimestamp');
    expect(ids(ctx().items)).toEqual([1, 2, 3, 4, 5]);
    actor!.send({ type: 'SET_SORT', sort: 'unreadFirst' });
    await ready();
    expect(server.requests.at(-1)).toMatchObject({ pageIndex: 0, sortField: 'isRead', sortDesc: false });
    expect(ids(ctx().items)).toEqual([3, 2, 1, 12, 11]);
    expect(ctx().sort).toBe('unreadFirst');
    expect(actor!.getSnapshot().can({ type: 'SET_SORT', sort: 'unreadFirst' })).toBe(false);
  });

  it('a change while a page is on its way drops that answer and asks page 0 again', async () => {
    const inbox = inboxOf(20, (id) => ({ category: (id <= 5 ? 'feedback' : 'serviceRequest') as MessageCategory }));
    const { server, ready, ctx } = await start(inbox, { pageSize: 10 });
    server.hold('loadPage');
    actor!.send({ type: 'LOAD_MORE' });
    actor!.send({ type: 'SET_CATEGORY', category: 'feedback' });
    server.release('loadPage');
    await ready();
    expect(server.requests.map((r) => [r.pageIndex, r.category])).toEqual([
      [0, undefined],
      [1, undefined],
      [0, 'feedback'],
    ]);
    expect(ids(ctx().items)).toEqual([5, 4, 3, 2, 1]);
    expect(ctx().pageIndex).toBe(0);
  });

  it('a category change while page 0 is loading starts page 0 again with the new category', async () => {
    const { server, ready, ctx } = await start(inboxOf(3, () => ({ category: 'feedback' })));
    server.hold('loadPage');
    actor!.send({ type: 'SET_SORT', sort: 'oldest' });
    actor!.send({ type: 'SET_CATEGORY', category: 'serviceRequest' });
    server.release('loadPage');
    await ready();
    expect(server.requests.slice(1).map((r) => [r.category, r.sortDesc])).toEqual([
      [undefined, false],
      ['serviceRequest', false],
    ]);
    expect(ctx().items).toEqual([]);
  });

  it('reload starts a new session at page 0', async () => {
    const { server, ready } = await start(inboxOf(30), { pageSize: 10 });
    actor!.send({ type: 'LOAD_MORE' });
    await waitFor(actor!, (s) => s.context.pageIndex === 1);
    actor!.send({ type: 'RELOAD' });
    await ready();
    expect(server.requests.at(-1)).toEqual({ pageIndex: 0, pageSize: 10, sortField: 'createdTime', sortDesc: true });
  });

  it('a failed page 0 keeps the list shown, shows the error, and retries on demand', async () => {
    const { server, ready, settled, ctx } = await start(
      inboxOf(8, (id) => ({ category: id > 4 ? 'feedback' : 'serviceRequest' })),
    );
    server.fail('loadPage');
    actor!.send({ type: 'SET_CATEGORY', category: 'feedback' });
    await settled();
    expect(actor!.getSnapshot().matches({ list: { browsing: 'failed' } })).toBe(true);
    expect(ctx().error).toBe('list');
    expect(ctx().items).toHaveLength(8);
    expect(actor!.getSnapshot().can({ type: 'LOAD_MORE' })).toBe(false);
    server.recover('loadPage');
    actor!.send({ type: 'RETRY' });
    expect(ctx().error).toBeNull();
    await ready();
    expect(ids(ctx().items)).toEqual([8, 7, 6, 5]);
    expect(server.requests.at(-1)).toMatchObject({ pageIndex: 0, category: 'feedback' });
  });

  it('a failed first load shows the error with an empty list', async () => {
    const server = fakeServer(inboxOf(3));
    server.fail('loadPage');
    actor = createActor(server.machine, { input: {} }).start();
    await waitFor(actor, (s) => s.matches({ list: { browsing: 'failed' } }));
    expect(actor.getSnapshot().context).toMatchObject({ items: [], error: 'list' });
  });

  it('a failed later page keeps the pages loaded; retrying asks the same page in the same session', async () => {
    const { server, ready, settled, ctx } = await start(inboxOf(25), { pageSize: 10 });
    server.fail('loadPage');
    actor!.send({ type: 'LOAD_MORE' });
    await settled();
    expect(actor!.getSnapshot().matches({ list: { browsing: 'moreFailed' } })).toBe(true);
    expect(ctx()).toMatchObject({ error: 'more', pageIndex: 0 });
    expect(ctx().items).toHaveLength(10);
    server.recover('loadPage');
    actor!.send({ type: 'RETRY' });
    await ready();
    expect(server.requests.slice(1).map((r) => [r.pageIndex, r.sessionTimestamp])).toEqual([
      [1, 'session-1'],
      [1, 'session-1'],
    ]);
    expect(ctx()).toMatchObject({ error: null, pageIndex: 1 });
  });

  it('after a failed later page, scrolling on also asks that page again', async () => {
    const { server, ready, settled } = await start(inboxOf(25), { pageSize: 10 });
    server.fail('loadPage');
    actor!.send({ type: 'LOAD_MORE' });
    await settled();
    server.recover('loadPage');
    actor!.send({ type: 'LOAD_MORE' });
    await ready();
    expect(server.requests.map((r) => r.pageIndex)).toEqual([0, 1, 1]);
  });
});

describe('notifications: opening a message', () => {
  it('fetches the detail (which marks it read); the item shows read and the bell is told the new count', async () => {
    const { server, ctx } = await start(inboxOf(5, (id) => ({ isRead: id === 4 })));
    expect(ctx().unreadCount).toBe(4);
    actor!.send({ type: 'OPEN', id: 3 });
    expect(actor!.getSnapshot().matches({ detail: 'opening' })).toBe(true);
    expect(ctx().openId).toBe(3);
    await waitFor(actor!, (s) => s.matches({ detail: 'showing' }));
    expect(server.fetched).toEqual([3]);
    expect(ctx().detail).toMatchObject({ Id: 3, content: '<p>Content of 3</p>' });
    expect(ctx().items.find((m) => m.Id === 3)!.isRead).toBe(true);
    expect(ctx().unreadCount).toBe(3);
  });

  it('opening a message already read leaves the unread count as it was', async () => {
    const { ctx } = await start(inboxOf(5, (id) => ({ isRead: id === 4 })));
    actor!.send({ type: 'OPEN', id: 4 });
    await waitFor(actor!, (s) => s.matches({ detail: 'showing' }));
    expect(ctx().unreadCount).toBe(4);
  });

  it('the last message opened wins when the user clicks another before the first arrives', async () => {
    const { server, ctx } = await start(inboxOf(5));
    server.hold('fetchMessage');
    actor!.send({ type: 'OPEN', id: 2 });
    actor!.send({ type: 'OPEN', id: 5 });
    server.release('fetchMessage');
    await waitFor(actor!, (s) => s.matches({ detail: 'showing' }));
    expect(ctx().detail!.Id).toBe(5);
    expect(ctx().openId).toBe(5);
  });

  it('a failed fetch shows the error in the detail pane, keeps the list, and retries', async () => {
    const { server, ctx } = await start(inboxOf(3));
    server.fail('fetchMessage');
    actor!.send({ type: 'OPEN', id: 1 });
    await waitFor(actor!, (s) => s.matches({ detail: 'failed' }));
    expect(ctx().items).toHaveLength(3);
    expect(ctx().items.find((m) => m.Id === 1)!.isRead).toBe(false);
    expect(actor!.getSnapshot().matches({ list: { browsing: 'ready' } })).toBe(true);
    server.recover('fetchMessage');
    actor!.send({ type: 'RETRY_DETAIL' });
    await waitFor(actor!, (s) => s.matches({ detail: 'showing' }));
    expect(server.fetched).toEqual([1, 1]);
  });

  it('closing empties the detail pane', async () => {
    const { ctx } = await start(inboxOf(3));
    actor!.send({ type: 'OPEN', id: 1 });
    await waitFor(actor!, (s) => s.matches({ detail: 'showing' }));
    actor!.send({ type: 'CLOSE' });
    expect(actor!.getSnapshot().matches({ detail: 'closed' })).toBe(true);
    expect(ctx()).toMatchObject({ openId: null, detail: null });
  });
});

describe('notifications: deleting one', () => {
  it('asks first; cancelling deletes nothing and returns to the list', async () => {
    const { server, ctx } = await start(inboxOf(3));
    actor!.send({ type: 'REQUEST_DELETE', id: 2 });
    expect(actor!.getSnapshot().matches({ list: 'confirmingDelete' })).toBe(true);
    expect(isListBusy(actor!.getSnapshot())).toBe(true);
    expect(ctx().pendingIds).toEqual([2]);
    actor!.send({ type: 'CANCEL_DELETE' });
    expect(actor!.getSnapshot().matches({ list: { browsing: 'ready' } })).toBe(true);
    expect(isListBusy(actor!.getSnapshot())).toBe(false);
    expect(ctx().pendingIds).toEqual([]);
    expect(server.removed).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('while the question is open, the list takes no other changes', async () => {
    const { server } = await start(inboxOf(30), { pageSize: 10 });
    actor!.send({ type: 'REQUEST_DELETE', id: 2 });
    for (const event of [
      { type: 'LOAD_MORE' },
      { type: 'SET_SORT', sort: 'oldest' },
      { type: 'REQUEST_DELETE', id: 3 },
    ] as const) {
      expect(actor!.getSnapshot().can(event)).toBe(false);
    }
    actor!.send({ type: 'CANCEL_DELETE' });
    expect(server.requests).toHaveLength(1);
  });

  it('after the confirmation deletes it, reloads page 0 in a new session, and takes the new unread count', async () => {
    const { server, ready, ctx } = await start(
      inboxOf(30, (id) => ({ isRead: id < 10 })),
      { pageSize: 10 },
    );
    actor!.send({ type: 'LOAD_MORE' });
    await waitFor(actor!, (s) => s.context.pageIndex === 1);
    server.hold('removeMessages');
    actor!.send({ type: 'REQUEST_DELETE', id: 25 });
    actor!.send({ type: 'CONFIRM_DELETE' });
    expect(actor!.getSnapshot().matches({ list: 'deleting' })).toBe(true);
    server.release('removeMessages');
    await waitFor(actor!, (s) => s.matches({ list: { browsing: 'loading' } }));
    expect(ctx().unreadCount).toBe(20);
    expect(server.deletedCounts).toEqual([1]);
    await ready();
    expect(server.removed).toEqual([[25]]);
    expect(server.requests.at(-1)).toEqual({ pageIndex: 0, pageSize: 10, sortField: 'createdTime', sortDesc: true });
    expect(ids(ctx().items)).toEqual([30, 29, 28, 27, 26, 24, 23, 22, 21, 20]);
    expect(ctx()).toMatchObject({ total: 29, pageIndex: 0, sessionTimestamp: 'session-2', pendingIds: [] });
  });

  it('deleting the open message empties the detail pane; deleting another leaves it', async () => {
    const { ready, ctx } = await start(inboxOf(5));
    actor!.send({ type: 'OPEN', id: 4 });
    await waitFor(actor!, (s) => s.matches({ detail: 'showing' }));
    actor!.send({ type: 'REQUEST_DELETE', id: 2 });
    actor!.send({ type: 'CONFIRM_DELETE' });
    await waitFor(actor!, (s) => s.matches({ list: { browsing: 'loading' } }));
    await ready();
    expect(actor!.getSnapshot().matches({ detail: 'showing' })).toBe(true);
    actor!.send({ type: 'REQUEST_DELETE', id: 4 });
    actor!.send({ type: 'CONFIRM_DELETE' });
    await waitFor(actor!, (s) => s.matches({ detail: 'closed' }));
    expect(ctx()).toMatchObject({ openId: null, detail: null });
  });

  it('a failed delete keeps the list and shows the error; nothing is reloaded', async () => {
    const { server, settled, ctx } = await start(inboxOf(3));
    server.fail('removeMessages');
    actor!.send({ type: 'REQUEST_DELETE', id: 2 });
    actor!.send({ type: 'CONFIRM_DELETE' });
    await settled();
    expect(actor!.getSnapshot().matches({ list: { browsing: 'ready' } })).toBe(true);
    expect(ctx()).toMatchObject({ error: 'delete', pendingIds: [] });
    expect(ids(ctx().items)).toEqual([3, 2, 1]);
    expect(server.requests).toHaveLength(1);
    expect(server.deletedCounts).toEqual([]);
  });

  it('cancelling returns to where the list was: a page 0 that failed stays failed', async () => {
    const { server, settled } = await start(inboxOf(3));
    server.fail('loadPage');
    actor!.send({ type: 'RELOAD' });
    await settled();
    actor!.send({ type: 'REQUEST_DELETE', id: 1 });
    actor!.send({ type: 'CANCEL_DELETE' });
    expect(actor!.getSnapshot().matches({ list: { browsing: 'failed' } })).toBe(true);
  });
});

describe('notifications: batch mode', () => {
  it('ticks, unticks, selects all and none; leaving batch mode clears the ticks', async () => {
    const { ctx } = await start(inboxOf(4));
    expect(actor!.getSnapshot().can({ type: 'TOGGLE_CHECK', id: 1 })).toBe(false);
    actor!.send({ type: 'TOGGLE_BATCH' });
    expect(actor!.getSnapshot().matches({ mode: 'batch' })).toBe(true);
    actor!.send({ type: 'TOGGLE_CHECK', id: 1 });
    actor!.send({ type: 'TOGGLE_CHECK', id: 3 });
    expect(ctx().checked).toEqual([1, 3]);
    actor!.send({ type: 'TOGGLE_CHECK', id: 1 });
    expect(ctx().checked).toEqual([3]);
    actor!.send({ type: 'CHECK_ALL' });
    expect(ctx().checked).toEqual([4, 3, 2, 1]);
    actor!.send({ type: 'UNCHECK_ALL' });
    expect(ctx().checked).toEqual([]);
    actor!.send({ type: 'TOGGLE_CHECK', id: 2 });
    actor!.send({ type: 'TOGGLE_BATCH' });
    expect(actor!.getSnapshot().matches({ mode: 'single' })).toBe(true);
    expect(ctx().checked).toEqual([]);
  });

  it('batch delete needs a tick, asks first, deletes the ticked messages, and reloads page 0', async () => {
    const { server, ready, ctx } = await start(inboxOf(6, (id) => ({ isRead: id % 2 === 0 })));
    actor!.send({ type: 'TOGGLE_BATCH' });
    expect(actor!.getSnapshot().can({ type: 'REQUEST_BATCH_DELETE' })).toBe(false);
    actor!.send({ type: 'TOGGLE_CHECK', id: 5 });
    actor!.send({ type: 'TOGGLE_CHECK', id: 2 });
    actor!.send({ type: 'REQUEST_BATCH_DELETE' });
    expect(actor!.getSnapshot().matches({ list: 'confirmingDelete' })).toBe(true);
    expect(ctx().pendingIds).toEqual([5, 2]);
    actor!.send({ type: 'CONFIRM_DELETE' });
    await waitFor(actor!, (s) => s.matches({ list: { browsing: 'loading' } }));
    await ready();
    expect(server.removed).toEqual([[5, 2]]);
    expect(ids(ctx().items)).toEqual([6, 4, 3, 1]);
    expect(ctx()).toMatchObject({ checked: [], unreadCount: 2 });
    expect(server.deletedCounts).toEqual([2]);
    expect(actor!.getSnapshot().matches({ mode: 'batch' })).toBe(true);
  });

  it('cancelling a batch delete keeps the ticks', async () => {
    const { server, ctx } = await start(inboxOf(3));
    actor!.send({ type: 'TOGGLE_BATCH' });
    actor!.send({ type: 'TOGGLE_CHECK', id: 1 });
    actor!.send({ type: 'REQUEST_BATCH_DELETE' });
    actor!.send({ type: 'CANCEL_DELETE' });
    expect(ctx().checked).toEqual([1]);
    expect(server.removed).toEqual([]);
  });

  it('ticks of messages that are no longer on the reloaded page 0 are dropped', async () => {
    const { ready, ctx } = await start(inboxOf(25), { pageSize: 10 });
    actor!.send({ type: 'LOAD_MORE' });
    await waitFor(actor!, (s) => s.context.pageIndex === 1);
    actor!.send({ type: 'TOGGLE_BATCH' });
    actor!.send({ type: 'TOGGLE_CHECK', id: 24 });
    actor!.send({ type: 'TOGGLE_CHECK', id: 10 });
    actor!.send({ type: 'RELOAD' });
    await ready();
    expect(ctx().checked).toEqual([24]);
  });

  it('marks the ticked unread messages read, and tells the bell', async () => {
    const { server, ctx } = await start(inboxOf(5, (id) => ({ isRead: id === 5 })));
    actor!.send({ type: 'TOGGLE_BATCH' });
    actor!.send({ type: 'TOGGLE_CHECK', id: 5 });
    expect(actor!.getSnapshot().can({ type: 'MARK_CHECKED_READ' })).toBe(false);
    actor!.send({ type: 'TOGGLE_CHECK', id: 3 });
    actor!.send({ type: 'TOGGLE_CHECK', id: 1 });
    actor!.send({ type: 'MARK_CHECKED_READ' });
    expect(actor!.getSnapshot().matches({ list: 'markingRead' })).toBe(true);
    await waitFor(actor!, (s) => s.matches({ list: { browsing: 'ready' } }));
    expect(server.markedRead).toEqual([[3, 1]]);
    expect(
      ctx()
        .items.filter((m) => !m.isRead)
        .map((m) => m.Id),
    ).toEqual([4, 2]);
    expect(ctx()).toMatchObject({ unreadCount: 2, checked: [5, 3, 1], pendingIds: [] });
    expect(server.requests).toHaveLength(1);
  });

  it('a failed mark-read keeps the list as it was and shows the error', async () => {
    const { server, ctx } = await start(inboxOf(2));
    server.fail('markRead');
    actor!.send({ type: 'TOGGLE_BATCH' });
    actor!.send({ type: 'CHECK_ALL' });
    actor!.send({ type: 'MARK_CHECKED_READ' });
    await waitFor(actor!, (s) => s.context.error === 'markRead');
    expect(actor!.getSnapshot().matches({ list: { browsing: 'ready' } })).toBe(true);
    expect(ctx().items.every((m) => !m.isRead)).toBe(true);
  });
});
