import { assign, not, setup } from 'xstate';

/**
 * Everything that opens by itself, in the order it may open: the order in which spec 1 section 2 lists the modals
 * (session expired, customer changed, logged out, profile incomplete, account removed: one `session` modal of the
 * global errors; then release notes, then the notification message) and then its banners (the cookie banner).
 * Profile completion itself is a page shown instead of the portal, not a modal; its modal (16006) is a session
 * modal.
 */
export const QUEUED_MODALS = ['session', 'releaseNote', 'notice', 'cookieBanner'] as const;
export type QueuedModal = (typeof QUEUED_MODALS)[number];

/** Where a modal stands: still finding out whether it opens, or wanting to open (or open). */
export type Standing = 'deciding' | 'waiting';

export interface ModalQueueContext {
  standing: Partial<Record<QueuedModal, Standing>>;
  /** The one modal that may be open now. */
  open: QueuedModal | null;
}

export type ModalQueueEvent =
  { type: 'DECIDING'; id: QueuedModal } | { type: 'REQUEST'; id: QueuedModal } | { type: 'DONE'; id: QueuedModal };

/**
 * The first modal in the order that takes part, if it wants to open. One that is still deciding holds back those
 * after it, so the order does not depend on which answer arrives first; a later one earlier in the order takes
 * the turn from an open one (a session modal blocks the portal), which opens again after it.
 */
export function headOf(standing: ModalQueueContext['standing']): QueuedModal | null {
  const first = QUEUED_MODALS.find((id) => standing[id] !== undefined);
  return first !== undefined && standing[first] === 'waiting' ? first : null;
}

const withStanding = (context: ModalQueueContext, id: QueuedModal, standing: Standing | null) => {
  const next = { ...context.standing };
  if (standing === null) delete next[id];
  else next[id] = standing;
  return { standing: next, open: headOf(next) };
};

/**
 * The one queue of the dialogs and banners that open by themselves: each tells it whether it is deciding, wants
 * to open, or is done (closed, or nothing to show); the queue says which one may be open, at most one at a time.
 * Each modal's own machine keeps its content and its answer.
 */
export const modalQueueMachine = setup({
  types: {
    context: {} as ModalQueueContext,
    events: {} as ModalQueueEvent,
  },
  guards: {
    someoneOpen: ({ context }) => context.open !== null,
  },
}).createMachine({
  id: 'modalQueue',
  context: { standing: {}, open: null },
  initial: 'idle',
  on: {
    DECIDING: { actions: assign(({ context, event }) => withStanding(context, event.id, 'deciding')) },
    REQUEST: { actions: assign(({ context, event }) => withStanding(context, event.id, 'waiting')) },
    DONE: { actions: assign(({ context, event }) => withStanding(context, event.id, null)) },
  },
  states: {
    idle: { always: { guard: 'someoneOpen', target: 'showing' } },
    showing: { always: { guard: not('someoneOpen'), target: 'idle' } },
  },
});
