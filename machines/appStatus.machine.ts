import { assign, fromPromise, setup } from 'xstate';
import type { LoggedInUser } from '../contract/users';

export type AppStatusEvent =
  { type: 'SIGNED_IN'; user: LoggedInUser } | { type: 'SIGNED_OUT' } | { type: 'RELOAD' } | { type: 'RETRY' };

export interface AppStatusContext {
  user: LoggedInUser | null;
}

/** Why loading the current user failed: the session is missing (401) or something else broke. */
export type LoadFailure = { unauthorized: boolean };

const hasLocation = (user: LoggedInUser | null | undefined) => user?.locationId != null;

/**
 * The application status of spec 1 section 4: initialising, then ready with a location (main portal), ready
 * without a location (profile completion) or ready for no-login (sign-in and the pages that need no account).
 */
export const appStatusMachine = setup({
  types: {
    context: {} as AppStatusContext,
    events: {} as AppStatusEvent,
  },
  actors: {
    loadCurrentUser: fromPromise<LoggedInUser>(async () => {
      throw new Error('loadCurrentUser must be provided');
    }),
  },
  actions: {
    userChanged: (_, _user: LoggedInUser | null) => {},
  },
}).createMachine({
  id: 'appStatus',
  initial: 'initialising',
  context: { user: null },
  states: {
    initialising: {
      invoke: {
        src: 'loadCurrentUser',
        onDone: [
          {
            guard: ({ event }) => hasLocation(event.output),
            target: 'readyWithLocation',
            actions: [
              assign({ user: ({ event }) => event.output }),
              { type: 'userChanged', params: ({ event }) => event.output },
            ],
          },
          {
            target: 'readyWithoutLocation',
            actions: [
              assign({ user: ({ event }) => event.output }),
              { type: 'userChanged', params: ({ event }) => event.output },
            ],
          },
        ],
        onError: [
          {
            guard: ({ event }) => (event.error as LoadFailure | undefined)?.unauthorized === true,
            target: 'readyForNoLogin',
          },
          { target: 'failed' },
        ],
      },
    },
    readyWithLocation: {
      on: { SIGNED_OUT: 'readyForNoLogin', RELOAD: 'initialising' },
    },
    readyWithoutLocation: {
      on: { SIGNED_OUT: 'readyForNoLogin', RELOAD: 'initialising' },
    },
    readyForNoLogin: {
      entry: [assign({ user: null }), { type: 'userChanged', params: null }],
      on: {
        SIGNED_IN: [
          {
            guard: ({ event }) => hasLocation(event.user),
            target: 'readyWithLocation',
            actions: [
              assign({ user: ({ event }) => event.user }),
              { type: 'userChanged', params: ({ event }) => event.user },
            ],
          },
          {
            target: 'readyWithoutLocation',
            actions: [
              assign({ user: ({ event }) => event.user }),
              { type: 'userChanged', params: ({ event }) => event.user },
            ],
          },
        ],
      },
    },
    failed: {
      on: { RETRY: 'initialising' },
    },
  },
});
