import { assign, fromPromise, setup } from 'xstate';
import type { ProfileCompletion } from '../contract/users';

export type ProfileCompletionEvent =
  | { type: 'CHOOSE_LOCATION'; locationId: number }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'SUBMIT'; details: Omit<ProfileCompletion, 'locationId'> };

/**
 * The two-step profile completion of spec 1 section 2: 01 company info (Next needs a location), then
 * 02 personal info (Back, Let's go); a failed save stays on step 2 with the error.
 */
export const profileCompletionMachine = setup({
  types: {
    context: {} as { locationId: number | null; error: unknown },
    events: {} as ProfileCompletionEvent,
  },
  actors: {
    saveProfile: fromPromise<unknown, ProfileCompletion>(async () => {
      throw new Error('saveProfile must be provided');
    }),
  },
  actions: {
    completed: () => {},
  },
}).createMachine({
  id: 'profileCompletion',
  context: { locationId: null, error: null },
  initial: 'company',
  states: {
    company: {
      on: {
        CHOOSE_LOCATION: { actions: assign({ locationId: ({ event }) => event.locationId }) },
        NEXT: { guard: ({ context }) => context.locationId !== null, target: 'personal' },
      },
    },
    personal: {
      on: {
        BACK: 'company',
        SUBMIT: { target: 'saving' },
      },
    },
    saving: {
      entry: assign({ error: null }),
      invoke: {
        src: 'saveProfile',
        input: ({ context, event }) => ({
          locationId: context.locationId!,
          ...(event as Extract<ProfileCompletionEvent, { type: 'SUBMIT' }>).details,
        }),
        onDone: { target: 'done', actions: 'completed' },
        onError: { target: 'personal', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    done: { type: 'final' },
  },
});
