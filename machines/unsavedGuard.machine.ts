import { assign, setup } from 'xstate';

export type UnsavedGuardEvent =
  | { type: 'SET_UNSAVED_DATA'; value: boolean }
  | { type: 'SET_UNSAVED_VIEW'; value: boolean }
  | { type: 'LEAVE'; from: string; to: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'NAVIGATED' };

/**
 * The unsaved-data and unsaved-view guard (spec 1 sections 2 and 4): leaving with unsaved data asks first, except
 * when the path stays the same; every navigation resets both flags.
 */
export const unsavedGuardMachine = setup({
  types: {
    context: {} as { unsavedData: boolean; unsavedView: boolean },
    events: {} as UnsavedGuardEvent,
  },
  actions: {
    proceed: () => {},
    stay: () => {},
  },
  guards: {
    mustAsk: ({ context, event }) =>
      event.type === 'LEAVE' &&
      (context.unsavedData || context.unsavedView) &&
      event.from.split(/[?#]/)[0]!.toLowerCase() !== event.to.split(/[?#]/)[0]!.toLowerCase(),
  },
}).createMachine({
  id: 'unsavedGuard',
  context: { unsavedData: false, unsavedView: false },
  initial: 'idle',
  on: {
    NAVIGATED: { target: '.idle', actions: assign({ unsavedData: false, unsavedView: false }) },
  },
  states: {
    idle: {
      on: {
        SET_UNSAVED_DATA: { actions: assign({ unsavedData: ({ event }) => event.value }) },
        SET_UNSAVED_VIEW: { actions: assign({ unsavedView: ({ event }) => event.value }) },
        LEAVE: [{ guard: 'mustAsk', target: 'confirming' }, { actions: 'proceed' }],
      },
    },
    confirming: {
      on: {
        CONFIRM: { target: 'idle', actions: [assign({ unsavedData: false, unsavedView: false }), 'proceed'] },
        CANCEL: { target: 'idle', actions: 'stay' },
      },
    },
  },
});
