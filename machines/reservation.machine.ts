import dayjs from 'dayjs';
import { and, assign, fromPromise, setup } from 'xstate';
import { ErrorCode } from '../contract/errors';
import type { Reservation, ReservationCreate, ReservationUpdate } from '../contract/reservations';
import {
  hasErrors,
  initialDraft,
  isDirty,
  snapInput,
  toCreateBody,
  toUpdateBody,
  validateDraft,
  withRepeat,
  withStart,
  type RepeatChoice,
  type ReservationDialogMode,
  type ReservationDraft,
  type ReservationErrors,
  type ReservationField,
  type ReservationInstrument,
} from './reservationForm';

/** The draft's text fields the user types into. */
export type DraftTextField = 'start' | 'end' | 'comments' | 'interval' | 'endBy';

export type ReservationDialogEvent =
  | { type: 'EDIT'; field: DraftTextField; value: string }
  | { type: 'CHOOSE_INSTRUMENT'; instrument: ReservationInstrument | null }
  | { type: 'SET_REPEAT'; repeat: RepeatChoice }
  /** The user left the start or end input: its value goes onto the half-hour grid. */
  | { type: 'LEAVE'; field: 'start' | 'end' }
  | { type: 'SUBMIT' }
  /** Cancel, Escape, the close button or a click outside. */
  | { type: 'CLOSE' }
  /** Answers of the unsaved-data question. */
  | { type: 'KEEP_EDITING' }
  | { type: 'DISCARD' };

/** Why the last save failed: another reservation in the way (16201), changed meanwhile (16202), or anything else. */
export interface SaveFailure {
  kind: 'conflict' | 'stale' | 'other';
  /** The error the call threw; the screen says what it means. */
  cause: unknown;
}

export interface ReservationDialogContext {
  mode: ReservationDialogMode;
  /** The reservation edited or copied. */
  reservation: Reservation | null;
  /** The draft as the dialog opened: closing asks first once the draft differs from it. */
  initial: ReservationDraft;
  draft: ReservationDraft;
  /** The fields the user has changed, whose errors show before the first submit (copy starts with the times). */
  touched: ReservationField[];
  /** After the first submit every field's error shows. */
  submitted: boolean;
  /** The draft's errors by the contract's rules, as of its last change. */
  errors: ReservationErrors;
  /** The failed save the dialog tells about; cleared by the next change or save. */
  failure: SaveFailure | null;
  /** Every reservation the save made (a series makes several). */
  saved: Reservation[] | null;
}

export interface ReservationDialogInput {
  /** add: a new reservation; edit: change `reservation`; copy: a new reservation prefilled from `reservation`. */
  mode: ReservationDialogMode;
  reservation?: Reservation;
  /** The instrument of the slot the user clicked; without it (and in edit and copy) the user picks one. */
  equipment?: ReservationInstrument;
  /** The slot's start; without it a new reservation starts at the next working half hour (nextWorkingSlot). */
  start?: Date | string;
  /** The time the dialog opens at (tests and scenarios); now by default. */
  now?: string | number;
}

/** What the dialog ends with: the reservations saved, or null when it was closed without saving. */
export interface ReservationDialogOutput {
  saved: Reservation[] | null;
}

/** The call that makes new reservations: POST Equipment/{id}/reservation. */
export interface CreateReservationInput {
  equipmentId: number;
  body: ReservationCreate;
}

/**
 * The business error code of a failed call, read from the request layer's error (the web's RequestFailure carries
 * `error: { kind: 'api', errorCode }`); null for any other failure.
 */
export function apiErrorCodeOf(e: unknown): number | null {
  const error = (e as { error?: { kind?: unknown; errorCode?: unknown } } | null | undefined)?.error;
  return error?.kind === 'api' && typeof error.errorCode === 'number' ? error.errorCode : null;
}

export function saveFailureOf(cause: unknown): SaveFailure {
  const code = apiErrorCodeOf(cause);
  const kind =
    code === ErrorCode.ReservationConflict ? 'conflict' : code === ErrorCode.ReservationChanged ? 'stale' : 'other';
  return { kind, cause };
}

/** The field an event changes, for the touched fields. */
const FIELD_OF: Record<DraftTextField | 'instrument' | 'repeat', ReservationField> = {
  instrument: 'instrument',
  start: 'start',
  end: 'end',
  comments: 'comments',
  interval: 'recurrence',
  endBy: 'recurrence',
  repeat: 'recurrence',
};

/** The draft after one change of the form: a new start moves the end along, choosing to repeat proposes an end-by. */
export function editedDraft(draft: ReservationDraft, event: ReservationDialogEvent): ReservationDraft {
  switch (event.type) {
    case 'EDIT':
      return event.field === 'start' ? withStart(draft, event.value) : { ...draft, [event.field]: event.value };
    case 'CHOOSE_INSTRUMENT':
      return { ...draft, instrument: event.instrument };
    case 'SET_REPEAT':
      return withRepeat(draft, event.repeat);
    case 'LEAVE':
      return event.field === 'start'
        ? withStart(draft, snapInput(draft.start))
        : { ...draft, end: snapInput(draft.end) };
    default:
      return draft;
  }
}

/** The draft as it is submitted: both times on the half-hour grid. */
export const snappedDraft = (draft: ReservationDraft): ReservationDraft => ({
  ...draft,
  start: snapInput(draft.start),
  end: snapInput(draft.end),
});

const errorsOf = (context: ReservationDialogContext, draft: ReservationDraft) =>
  validateDraft(context.mode, draft, context.reservation ?? undefined);

/** The error a field shows: once the user changed the field, or after the first submit. */
export const shownErrorOf = (context: ReservationDialogContext, field: ReservationField): string | undefined =>
  context.submitted || context.touched.includes(field) ? context.errors[field] : undefined;

/** Whether closing would lose what the user entered. */
export const isDraftDirty = (context: ReservationDialogContext) => isDirty(context.initial, context.draft);

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} must be provided`);
};

/** Where a failed save goes: the conflict and stale answers and other failures each keep the input. */
const failedActions = [
  'fail',
  { type: 'failed', params: ({ context }: { context: ReservationDialogContext }) => context.failure?.cause },
] as const;
const saveFailed = [
  { guard: 'conflict', target: '#reservation.editing.conflict', actions: failedActions },
  { guard: 'stale', target: '#reservation.editing.stale', actions: failedActions },
  { target: '#reservation.editing.failed', actions: failedActions },
] as const;

/**
 * The add, edit and copy reservation dialog (spec 3 section 2). The user edits the draft; a field's error shows once
 * the field was changed (in copy the times from the start), every error after the first submit. Submitting snaps
 * the times to the half-hour grid and validates by the contract's rules: an invalid draft stays with a toast, a
 * valid one is saved with the injected create (add, copy) or update (edit) actor. A conflict with another
 * reservation (16201), a reservation changed meanwhile (16202) and any other failure keep the input and show the
 * problem until the next change. Closing a changed draft asks first; saving cannot be closed. The machine ends in
 * `saved` (its output the reservations made) or `closed`.
 */
export const reservationMachine = setup({
  types: {
    context: {} as ReservationDialogContext,
    events: {} as ReservationDialogEvent,
    input: {} as ReservationDialogInput,
    output: {} as ReservationDialogOutput,
  },
  actors: {
    createReservation: fromPromise<Reservation[], CreateReservationInput>(notProvided('createReservation')),
    updateReservation: fromPromise<Reservation, ReservationUpdate>(notProvided('updateReservation')),
  },
  actions: {
    edit: assign(({ context, event }) => {
      const draft = editedDraft(context.draft, event);
      const key = event.type === 'EDIT' ? event.field : event.type === 'SET_REPEAT' ? 'repeat' : 'instrument';
      const field = FIELD_OF[key];
      return {
        draft,
        errors: errorsOf(context, draft),
        touched: context.touched.includes(field) ? context.touched : [...context.touched, field],
        failure: null,
      };
    }),
    leave: assign(({ context, event }) => {
      const draft = editedDraft(context.draft, event);
      return { draft, errors: errorsOf(context, draft) };
    }),
    submit: assign(({ context }) => {
      const draft = snappedDraft(context.draft);
      return { draft, errors: errorsOf(context, draft), submitted: true };
    }),
    fail: assign({ failure: ({ event }) => saveFailureOf((event as { error?: unknown }).error) }),
    /** The draft has errors: the screen says so (validation_failed_tip). */
    notifyInvalid: () => {},
    /** A save failed (the screen hands session errors over to the whole app). */
    failed: (_, _cause: unknown) => {},
    /** The reservations were saved: the screen confirms it and refreshes. */
    notifySaved: (_, _saved: Reservation[]) => {},
    /** The dialog closes. */
    close: () => {},
  },
  guards: {
    submittable: ({ context }) => !hasErrors(errorsOf(context, snappedDraft(context.draft))),
    updates: ({ context }) => context.mode === 'edit' && context.reservation !== null,
    dirty: ({ context }) => isDraftDirty(context),
    conflict: ({ event }) => saveFailureOf((event as { error?: unknown }).error).kind === 'conflict',
    stale: ({ event }) => saveFailureOf((event as { error?: unknown }).error).kind === 'stale',
  },
}).createMachine({
  id: 'reservation',
  context: ({ input }) => {
    const initial = initialDraft(
      { mode: input.mode, reservation: input.reservation, equipment: input.equipment, start: input.start },
      input.now === undefined ? dayjs() : dayjs(input.now),
    );
    return {
      mode: input.mode,
      reservation: input.reservation ?? null,
      initial,
      draft: initial,
      touched: input.mode === 'copy' ? ['start', 'end'] : [],
      submitted: false,
      errors: validateDraft(input.mode, initial, input.reservation),
      failure: null,
      saved: null,
    };
  },
  output: ({ context }) => ({ saved: context.saved }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'ready',
      on: {
        EDIT: { target: '.ready', actions: 'edit' },
        CHOOSE_INSTRUMENT: { target: '.ready', actions: 'edit' },
        SET_REPEAT: { target: '.ready', actions: 'edit' },
        LEAVE: { actions: 'leave' },
        SUBMIT: [
          { guard: and(['submittable', 'updates']), target: 'saving.updating', actions: 'submit' },
          { guard: 'submittable', target: 'saving.creating', actions: 'submit' },
          { actions: ['submit', 'notifyInvalid'] },
        ],
        CLOSE: [{ guard: 'dirty', target: 'confirmingDiscard' }, { target: 'closed' }],
      },
      states: {
        /** The form, with no failed save to tell about. */
        ready: {},
        /** The instrument is reserved by someone else for part of the time (16201). */
        conflict: {},
        /** The reservation was changed by someone else meanwhile (16202): reload the calendar and try again. */
        stale: {},
        /** The save failed otherwise (refused, not allowed, network, ...). */
        failed: {},
        /** Back from the unsaved-data question: where the form was. */
        previous: { type: 'history' },
      },
    },
    confirmingDiscard: {
      on: {
        KEEP_EDITING: 'editing.previous',
        DISCARD: 'closed',
      },
    },
    saving: {
      entry: assign({ failure: null }),
      // Entered at creating or updating by the submit, as the mode says.
      initial: 'creating',
      states: {
        creating: {
          invoke: {
            id: 'createReservation',
            src: 'createReservation',
            input: ({ context }) => ({
              equipmentId: context.draft.instrument!.equipmentId,
              body: toCreateBody(context.draft),
            }),
            onDone: { target: '#reservation.saved', actions: assign({ saved: ({ event }) => event.output }) },
            onError: [...saveFailed],
          },
        },
        updating: {
          invoke: {
            id: 'updateReservation',
            src: 'updateReservation',
            input: ({ context }) => toUpdateBody(context.draft, context.reservation!),
            onDone: { target: '#reservation.saved', actions: assign({ saved: ({ event }) => [event.output] }) },
            onError: [...saveFailed],
          },
        },
      },
    },
    saved: {
      type: 'final',
      entry: [{ type: 'notifySaved', params: ({ context }) => context.saved! }, 'close'],
    },
    closed: {
      type: 'final',
      entry: 'close',
    },
  },
});
