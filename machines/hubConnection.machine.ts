import { assign, fromCallback, sendTo, setup } from 'xstate';
import { HUB_RETRY_MS } from '../contract/limits';

export type HubEvent =
  | { type: 'OPENED' }
  | { type: 'CLOSED' }
  | { type: 'MESSAGE'; message: unknown }
  | { type: 'INVOKE'; method: string; args: unknown[] }
  | { type: 'STOP' };

interface PendingCall {
  method: string;
  args: unknown[];
}

/**
 * The real-time hub at /signalr (spec 1 section 4): connecting, connected, reconnecting one second after a drop.
 * A call made while not connected waits and goes out once the connection is up.
 */
export const hubConnectionMachine = setup({
  types: {
    context: {} as { pending: PendingCall[]; attempts: number },
    events: {} as HubEvent,
  },
  actors: {
    socket: fromCallback<HubEvent>(() => {
      throw new Error('socket must be provided');
    }),
  },
  actions: {
    received: (_, _message: unknown) => {},
  },
  delays: { retry: HUB_RETRY_MS },
}).createMachine({
  id: 'hubConnection',
  context: { pending: [], attempts: 0 },
  initial: 'live',
  on: {
    STOP: '.stopped',
    INVOKE: {
      actions: assign({
        pending: ({ context, event }) => [...context.pending, { method: event.method, args: event.args }],
      }),
    },
  },
  states: {
    live: {
      entry: assign({ attempts: ({ context }) => context.attempts + 1 }),
      invoke: { id: 'socket', src: 'socket' },
      on: { CLOSED: 'reconnecting' },
      initial: 'connecting',
      states: {
        connecting: {
          on: { OPENED: 'connected' },
        },
        connected: {
          entry: [
            ({ context, self }) => context.pending.forEach((call) => self.send({ type: 'INVOKE', ...call })),
            assign({ pending: [], attempts: 0 }),
          ],
          on: {
            MESSAGE: {
              actions: {
                type: 'received',
                params: ({ event }: { event: Extract<HubEvent, { type: 'MESSAGE' }> }) => event.message,
              },
            },
            // The socket actor sends the call over the wire.
            INVOKE: { actions: sendTo('socket', ({ event }: { event: HubEvent }) => event) },
          },
        },
      },
    },
    reconnecting: {
      after: { retry: 'live' },
    },
    stopped: { type: 'final' },
  },
});
