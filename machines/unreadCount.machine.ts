import { assign, fromPromise, setup } from 'xstate';
import { NOTIFICATION_POLL_MS } from '../contract/limits';

/** The bell's unread count (spec 1 section 4): fetched at start, then every 15 minutes, and on demand. */
export const unreadCountMachine = setup({
  types: {
    context: {} as { count: number | null },
    events: {} as { type: 'REFRESH' } | { type: 'SET'; count: number },
  },
  actors: {
    fetchUnreadCount: fromPromise<number>(async () => {
      throw new Error('fetchUnreadCount must be provided');
    }),
  },
  delays: { poll: NOTIFICATION_POLL_MS },
}).createMachine({
  id: 'unreadCount',
  context: { count: null },
  initial: 'fetching',
  states: {
    fetching: {
      invoke: {
        src: 'fetchUnreadCount',
        onDone: { target: 'waiting', actions: assign({ count: ({ event }) => event.output }) },
        onError: { target: 'waiting' },
      },
    },
    waiting: {
      after: { poll: 'fetching' },
      on: {
        REFRESH: 'fetching',
        // A count pushed by the real-time hub.
        SET: { actions: assign({ count: ({ event }) => event.count }) },
      },
    },
  },
});

/** The badge text: the count, capped at 99+ (spec 1 section 9). */
export const badgeText = (count: number | null, cap = 99): string | null =>
  count === null || count <= 0 ? null : count > cap ? `${cap}+` : String(count);
