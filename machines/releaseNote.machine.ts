import { assign, fromPromise, setup } from 'xstate';

/** The newest release note as the modal shows it (spec 1 section 3: VersionNum, VersionName, Date, ChangeLog). */
export interface ReleaseNoteSummary {
  VersionNum: string;
  VersionName: string;
  ChangeLog: string[];
}

/** What the modal stores per user when it closes (spec 1 section 4: "the never-show flag and version"). */
export interface ReleaseNoteChoice {
  neverShow: boolean;
  version: string;
}

/**
 * The rule of spec 1 section 4: the modal "shows when no stored choice exists for the user, or when the choice is
 * not false and the last seen version differs from the newest".
 *
 * Our reading: the stored choice answers "keep showing me release notes?"; ticking "never show again" stores that
 * answer as false. So "the choice is not false" means the user did not tick "never show again" (neverShow is not
 * true), and then the modal comes back once for each newer version. A user who ticked it never sees the modal
 * again, not even for a newer version: that is what the checkbox promises. Reading "not false" as "neverShow is
 * true" would turn the checkbox upside down (ticking it would bring the modal back for every release, leaving it
 * unticked would hide it for good), which no user could want.
 */
export function shouldShowReleaseNote(choice: ReleaseNoteChoice | null, newestVersion: string): boolean {
  if (choice === null) return true;
  return choice.neverShow !== true && choice.version !== newestVersion;
}

export type ReleaseNoteEvent = { type: 'SET_NEVER_SHOW'; neverShow: boolean } | { type: 'CLOSE' };

interface Context {
  userId: number;
  choice: ReleaseNoteChoice | null;
  newest: ReleaseNoteSummary | null;
  neverShow: boolean;
}

/**
 * The release-note modal after sign-in: read the user's stored choice, load the newest release note, decide, show
 * it until the user closes it, then store { neverShow, version } for that user. Reading and loading are injected
 * actors and storing is an injected action; a failure to read counts as "no stored choice", a failure to load the
 * notes (or an empty history) simply shows nothing.
 */
export const releaseNoteMachine = setup({
  types: {
    context: {} as Context,
    events: {} as ReleaseNoteEvent,
    input: {} as { userId: number },
  },
  actors: {
    readChoice: fromPromise<ReleaseNoteChoice | null, { userId: number }>(async () => {
      throw new Error('readChoice must be provided');
    }),
    loadNewest: fromPromise<ReleaseNoteSummary | null>(async () => {
      throw new Error('loadNewest must be provided');
    }),
  },
  actions: {
    storeChoice: (_, _params: { userId: number; choice: ReleaseNoteChoice }) => {},
  },
  guards: {
    shouldShow: ({ context }, newest: ReleaseNoteSummary | null) =>
      newest !== null && shouldShowReleaseNote(context.choice, newest.VersionNum),
  },
}).createMachine({
  id: 'releaseNote',
  context: ({ input }) => ({ userId: input.userId, choice: null, newest: null, neverShow: false }),
  initial: 'readingChoice',
  states: {
    readingChoice: {
      invoke: {
        src: 'readChoice',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'loadingNotes', actions: assign({ choice: ({ event }) => event.output }) },
        onError: { target: 'loadingNotes' },
      },
    },
    loadingNotes: {
      invoke: {
        src: 'loadNewest',
        onDone: [
          {
            guard: { type: 'shouldShow', params: ({ event }) => event.output },
            target: 'showing',
            actions: assign({ newest: ({ event }) => event.output }),
          },
          { target: 'hidden' },
        ],
        onError: { target: 'hidden' },
      },
    },
    showing: {
      on: {
        SET_NEVER_SHOW: { actions: assign({ neverShow: ({ event }) => event.neverShow }) },
        CLOSE: {
          target: 'hidden',
          actions: {
            type: 'storeChoice',
            params: ({ context }) => ({
              userId: context.userId,
              choice: { neverShow: context.neverShow, version: context.newest!.VersionNum },
            }),
          },
        },
      },
    },
    hidden: { type: 'final' },
  },
});
