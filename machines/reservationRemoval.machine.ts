import { assign, fromPromise, setup } from 'xstate';
import type { Reservation } from '../contract/reservations';
import { deletionCommentError } from './reservationForm';

/** This occurrence, or the whole series of a repeated reservation. */
export type RemovalScope = 'one' | 'series';

/** The call that deletes: DELETE with the reservation id, the delete type and an admin's comment. */
export interface RemoveReservationInput {
  reservationId: number;
  isSeriesDelete: boolean;
  comments?: string;
}

export type ReservationRemovalEvent =
  /** Ask for the deletion of a reservation. */
  | { type: 'REMOVE'; reservation: Reservation }
  | { type: 'SET_SCOPE'; scope: RemovalScope }
  | { type: 'EDIT_COMMENT'; value: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

export interface ReservationRemovalContext {
  /** The signed-in user: their own reservations are deleted after a confirmation, others' with a comment. */
  userId: number;
  /** The reservation being deleted; null while nothing is asked. */
  reservation: Reservation | null;
  scope: RemovalScope;
  /** The admin's deletion comment, as typed. */
  comment: string;
  /** The comment's error shows (after a submit, or once something was typed). */
  checked: boolean;
  /** The call the confirmation makes. */
  request: RemoveReservationInput | null;
}

export interface ReservationRemovalInput {
  userId: number;
}

/** Whether the reservation is the user's own (the confirmation) rather than someone else's (the comment). */
export const isOwnRemoval = (context: ReservationRemovalContext) =>
  context.reservation !== null && context.reservation.reservedBy.userId === context.userId;

/** Whether the reservation belongs to a series (the confirmation then asks which to delete). */
export const inSeries = (context: ReservationRemovalContext) => (context.reservation?.seriesId ?? null) !== null;

/** The comment's error as it shows: required_field or comments_too_long, once checked. */
export const shownCommentError = (context: ReservationRemovalContext) =>
  context.checked ? deletionCommentError(context.comment) : null;

const errorOf = ({ event }: { event: { error?: unknown } }) => event.error;

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} must be provided`);
};

/**
 * Deleting a reservation (spec 3 sections 4 to 6). The reserver confirms, choosing this occurrence or the whole
 * series of a repeated reservation; anyone else (the server allows it to an admin only) gives a deletion comment,
 * required and at most 250 characters, that goes with the removal. The deletion is the injected removeReservation
 * actor; when it succeeds the prompt closes (the screen confirms and refreshes), when it fails the prompt stays as
 * it was (the screen says why). Nothing can be cancelled while the deletion runs.
 */
export const reservationRemovalMachine = setup({
  types: {
    context: {} as ReservationRemovalContext,
    events: {} as ReservationRemovalEvent,
    input: {} as ReservationRemovalInput,
  },
  actors: {
    removeReservation: fromPromise<unknown, RemoveReservationInput>(notProvided('removeReservation')),
  },
  actions: {
    /** The reservation is gone: the screen confirms it (deleted or deleted_series) and refreshes. */
    notifyRemoved: (_, _params: { reservation: Reservation; isSeriesDelete: boolean }) => {},
    /** The deletion failed: the screen says why. */
    notifyFailed: (_, _cause: unknown) => {},
    ask: assign(({ event }) => ({
      reservation: event.type === 'REMOVE' ? event.reservation : null,
      scope: 'one' as const,
      comment: '',
      checked: false,
      request: null,
    })),
    clear: assign({ reservation: null, request: null }),
  },
  guards: {
    own: ({ context }) => isOwnRemoval(context),
    ownRequested: ({ context, event }) =>
      event.type === 'REMOVE' && event.reservation.reservedBy.userId === context.userId,
    commentValid: ({ context }) => deletionCommentError(context.comment) === null,
  },
}).createMachine({
  id: 'reservationRemoval',
  context: ({ input }) => ({
    userId: input.userId,
    reservation: null,
    scope: 'one',
    comment: '',
    checked: false,
    request: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        REMOVE: [
          { guard: 'ownRequested', target: 'confirming', actions: 'ask' },
          { target: 'commenting', actions: 'ask' },
        ],
      },
    },
    confirming: {
      on: {
        SET_SCOPE: { actions: assign({ scope: ({ event }) => event.scope }) },
        CONFIRM: {
          target: 'deleting',
          actions: assign({
            request: ({ context }) => ({
              reservationId: context.reservation!.reservationId,
              isSeriesDelete: inSeries(context) && context.scope === 'series',
            }),
          }),
        },
        CANCEL: { target: 'idle', actions: 'clear' },
      },
    },
    commenting: {
      on: {
        EDIT_COMMENT: {
          actions: assign({
            comment: ({ event }) => event.value,
            checked: ({ context, event }) => context.checked || event.value.trim() !== '',
          }),
        },
        CONFIRM: [
          {
            guard: 'commentValid',
            target: 'deleting',
            actions: assign({
              checked: true,
              request: ({ context }) => ({
                reservationId: context.reservation!.reservationId,
                isSeriesDelete: false,
                comments: context.comment.trim(),
              }),
            }),
          },
          { actions: assign({ checked: true }) },
        ],
        CANCEL: { target: 'idle', actions: 'clear' },
      },
    },
    deleting: {
      invoke: {
        id: 'removeReservation',
        src: 'removeReservation',
        input: ({ context }) => context.request!,
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'notifyRemoved',
              params: ({ context }) => ({
                reservation: context.reservation!,
                isSeriesDelete: context.request!.isSeriesDelete,
              }),
            },
            'clear',
          ],
        },
        // The prompt stays as it was, for another try or a cancel.
        onError: [
          { guard: 'own', target: 'confirming', actions: { type: 'notifyFailed', params: errorOf } },
          { target: 'commenting', actions: { type: 'notifyFailed', params: errorOf } },
        ],
      },
    },
  },
});
