import { assign, fromCallback, sendTo, setup } from 'xstate';
import { HUB_RETRY_MS } from '../contract/limits';
import type { HubInvocation, HubServerMessage } from '../contract/hub';

/** A job invoked over the hub, with the id its answers carry. */
export type HubCall = HubInvocation & { invocationId: string };

export type HubEvent =
  | { type: 'OPENED' }
  | { type: 'CLOSED' }
  | { type: 'MESSAGE'; message: HubServerMessage }
  | { type: 'INVOKE'; call: HubCall }
  | { type: 'CANCEL'; invocationId: string }
  | { type: 'STOP' };

/** The last answer of an invocation: its completion, or the hub's refusal of the request. */
const endsInvocation = (message: HubServerMessage): string | undefined =>
  message.type === 'ImportProductCompleted' ||
  message.type === 'importProductMarketCompleted' ||
  message.type === 'error'
    ? message.invocationId
    : undefined;

/**
 * The real-time hub at /signalr (spec 1 section 4): connecting, connected, reconnecting one second after a drop.
 * The page's one socket: pushed messages go to `received`; a call made while not connected waits and goes out once
 * the connection is up; the calls that were out when the connection dropped are `lost` (their answers would have
 * come back on it).
 */
export const hubConnectionMachine = setup({
  types: {
    context: {} as { pending: HubCall[]; running: string[]; attempts: number },
    events: {} as HubEvent,
  },
  actors: {
    socket: fromCallback<HubEvent>(() => {
      throw new Error('socket must be provided');
    }),
  },
  actions: {
    received: (_, _message: HubServerMessage) => {},
    lost: (_, _invocationIds: string[]) => {},
  },
  delays: { retry: HUB_RETRY_MS },
}).createMachine({
  id: 'hubConnection',
  context: { pending: [], running: [], attempts: 0 },
  initial: 'live',
  on: {
    STOP: '.stopped',
    INVOKE: {
      actions: assign({ pending: ({ context, event }) => [...context.pending, event.call] }),
    },
    CANCEL: {
      actions: assign({
        pending: ({ context, event }) => context.pending.filter((c) => c.invocationId !== event.invocationId),
        running: ({ context, event }) => context.running.filter((id) => id !== event.invocationId),
      }),
    },
  },
  states: {
    live: {
      entry: assign({ attempts: ({ context }) => context.attempts + 1 }),
      invoke: { id: 'socket', src: 'socket' },
      on: {
        CLOSED: {
          target: 'reconnecting',
          actions: [{ type: 'lost', params: ({ context }) => context.running }, assign({ running: [] })],
        },
      },
      initial: 'connecting',
      states: {
        connecting: {
          on: { OPENED: 'connected' },
        },
        connected: {
          entry: [
            ({ context, self }) => context.pending.forEach((call) => self.send({ type: 'INVOKE', call })),
            assign({ pending: [], attempts: 0 }),
          ],
          on: {
            MESSAGE: {
              actions: [
                { type: 'received', params: ({ event }) => event.message },
                assign({
                  running: ({ context, event }) => {
                    const ended = endsInvocation(event.message);
                    return ended === undefined ? context.running : context.running.filter((id) => id !== ended);
                  },
                }),
              ],
            },
            // The socket actor sends the call over the wire.
            INVOKE: {
              actions: [
                sendTo('socket', ({ event }) => event),
                assign({ running: ({ context, event }) => [...context.running, event.call.invocationId] }),
              ],
            },
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
