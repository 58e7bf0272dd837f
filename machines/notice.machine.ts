import { fromPromise, setup } from 'xstate';

/** A stored choice of a user about a notice: shown again or not, and for which version or message. */
export interface NoticeChoice {
  show: boolean;
  /** What the choice was made for (a message id); a new one asks again. */
  about?: string | number | null;
  /** The sign-in in which it was closed without don't-show-again: it stays away for the rest of that sign-in. */
  seenIn?: string | null;
}

export interface NoticeInput {
  /** What is to be shown now (a message id); null when there is nothing to show. */
  current: string | number | null;
  /** The current sign-in, for a notice that shows once per sign-in; absent for one that shows until dismissed. */
  signIn?: string | null;
}

/**
 * Whether a dismissible notice shows (spec 1 section 4): the cookie banner shows unless the user's stored flag is
 * false; the notification-message modal shows for a message until the user ticks don't-show-again for it, and
 * once per sign-in until then (issue 35).
 */
export function shouldShowNotice(
  choice: NoticeChoice | null,
  current: string | number | null,
  signIn: string | null = null,
): boolean {
  if (current === null) return false;
  if (choice === null || (choice.about != null && choice.about !== current)) return true;
  if (!choice.show) return false;
  return signIn === null || choice.seenIn !== signIn;
}

export const noticeMachine = setup({
  types: {
    context: {} as { current: string | number | null; signIn: string | null },
    input: {} as NoticeInput,
    events: {} as { type: 'CLOSE'; dontShowAgain: boolean },
  },
  actors: {
    readChoice: fromPromise<NoticeChoice | null>(async () => null),
  },
  actions: {
    storeChoice: (_, _choice: NoticeChoice) => {},
  },
}).createMachine({
  id: 'notice',
  context: ({ input }) => ({ current: input.current, signIn: input.signIn ?? null }),
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        src: 'readChoice',
        onDone: [
          {
            guard: ({ context, event }) => shouldShowNotice(event.output, context.current, context.signIn),
            target: 'shown',
          },
          { target: 'hidden' },
        ],
        onError: { target: 'shown' },
      },
    },
    shown: {
      on: {
        CLOSE: {
          target: 'hidden',
          actions: {
            type: 'storeChoice',
            params: ({ context, event }) => ({
              show: !event.dontShowAgain,
              about: context.current,
              ...(context.signIn === null ? {} : { seenIn: context.signIn }),
            }),
          },
        },
      },
    },
    hidden: { type: 'final' },
  },
});
