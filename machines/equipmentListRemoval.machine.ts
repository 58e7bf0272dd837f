import { assign, fromPromise, setup } from 'xstate';

/** One instrument to remove: its id for the call, its name for the report. */
export interface RemovalItem {
  id: number;
  name: string;
}

/** An instrument that stayed: the call's error, or none when the run stopped before trying it. */
export interface RemovalFailure {
  item: RemovalItem;
  cause?: unknown;
}

export type EquipmentListRemovalEvent =
  /** Ask about removing these instruments (an empty list asks nothing). */
  { type: 'OPEN'; items: RemovalItem[] } | { type: 'CONFIRM' } | { type: 'CANCEL' };

export interface EquipmentListRemovalContext {
  items: RemovalItem[];
  /** The position of the instrument being removed (the progress). */
  index: number;
  removed: number[];
  failed: RemovalFailure[];
}

/** What a finished run reports: the ids that went and the instruments that stayed. */
export interface RemovalReport {
  count: number;
  removed: number[];
  failed: RemovalFailure[];
}

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} must be provided`);
};

const errorOf = ({ event }: { event: { error?: unknown } }) => event.error;

const fresh = { index: 0, removed: [] as number[], failed: [] as RemovalFailure[] };

/**
 * Removing several instruments from the user's list at once (the selection of the inventory grid): a confirmation,
 * then the injected removeItem call for each instrument, one after the other, with the progress in `index`. A failed
 * call is recorded with its cause and the run goes on, unless the injected endsRun guard says the error ends every
 * call (the session ended): then it and the instruments not yet tried are failures and the run stops. The finished
 * run is reported (notifyDone) with what went and what stayed. Nothing can be cancelled while the calls run.
 */
export const equipmentListRemovalMachine = setup({
  types: {
    context: {} as EquipmentListRemovalContext,
    events: {} as EquipmentListRemovalEvent,
  },
  actors: {
    removeItem: fromPromise<unknown, RemovalItem>(notProvided('removeItem')),
  },
  actions: {
    /** The run ended on an error that stops everything (the session): the screen hands it over. */
    notifyStopped: (_, _cause: unknown) => {},
    /** The run is over: the screen says how many went and names those that stayed. */
    notifyDone: (_, _report: RemovalReport) => {},
  },
  guards: {
    /** Whether the call's error ends the whole run; by default every error is the instrument's own. */
    endsRun: (_, _cause: unknown) => false,
    hasItems: ({ event }) => event.type === 'OPEN' && event.items.length > 0,
    more: ({ context }) => context.index < context.items.length,
  },
}).createMachine({
  id: 'equipmentListRemoval',
  context: { items: [], ...fresh },
  initial: 'idle',
  states: {
    idle: {
      on: {
        OPEN: {
          guard: 'hasItems',
          target: 'confirming',
          actions: assign(({ event }) => ({ items: event.items, ...fresh })),
        },
      },
    },
    confirming: {
      on: {
        CONFIRM: 'removing',
        CANCEL: { target: 'idle', actions: assign({ items: [] }) },
      },
    },
    removing: {
      initial: 'calling',
      states: {
        calling: {
          invoke: {
            id: 'removeItem',
            src: 'removeItem',
            input: ({ context }) => context.items[context.index]!,
            onDone: {
              target: 'next',
              actions: assign(({ context }) => ({
                removed: [...context.removed, context.items[context.index]!.id],
                index: context.index + 1,
              })),
            },
            onError: [
              {
                guard: { type: 'endsRun', params: errorOf },
                target: '#equipmentListRemoval.done',
                actions: [
                  assign(({ context, event }) => ({
                    failed: [
                      ...context.failed,
                      { item: context.items[context.index]!, cause: event.error },
                      ...context.items.slice(context.index + 1).map((item) => ({ item })),
                    ],
                    index: context.items.length,
                  })),
                  { type: 'notifyStopped', params: errorOf },
                ],
              },
              {
                target: 'next',
                actions: assign(({ context, event }) => ({
                  failed: [...context.failed, { item: context.items[context.index]!, cause: event.error }],
                  index: context.index + 1,
                })),
              },
            ],
          },
        },
        next: {
          always: [{ guard: 'more', target: 'calling' }, { target: '#equipmentListRemoval.done' }],
        },
      },
    },
    done: {
      entry: {
        type: 'notifyDone',
        params: ({ context }) => ({ count: context.items.length, removed: context.removed, failed: context.failed }),
      },
      always: { target: 'idle', actions: assign({ items: [], ...fresh }) },
    },
  },
});
