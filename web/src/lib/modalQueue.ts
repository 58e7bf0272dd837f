import { useCallback, useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { createActor } from 'xstate';
import { modalQueueMachine, type QueuedModal } from '../../../machines/modalQueue.machine';

/** The one queue of the dialogs and banners that open by themselves: at most one of them is open. */
export const modalQueue = createActor(modalQueueMachine).start();

export interface ModalTurn {
  /** Whether this modal may be open now. */
  isOpen: boolean;
  /** For a dialog with a closing transition: its `onClosed`, after which the next one may open. */
  onClosed: () => void;
}

/**
 * Takes a modal's place in the queue. `wants` is null while the modal still finds out whether to open, true when
 * it would open, false when it has nothing to show or was closed. With `closesAfterTransition`, a modal that was
 * open keeps its turn until its dialog reports `onClosed`, so the next one never opens over its closing animation.
 */
export function useModalTurn(id: QueuedModal, wants: boolean | null, closesAfterTransition = false): ModalTurn {
  const isOpen = useSelector(modalQueue, (s) => s.context.open === id);
  const closing = useRef(false);
  useEffect(() => {
    closing.current = false;
    if (wants === null) modalQueue.send({ type: 'DECIDING', id });
    else if (wants) modalQueue.send({ type: 'REQUEST', id });
    else if (closesAfterTransition && modalQueue.getSnapshot().context.open === id) closing.current = true;
    else modalQueue.send({ type: 'DONE', id });
  }, [id, wants, closesAfterTransition]);
  useEffect(() => () => modalQueue.send({ type: 'DONE', id }), [id]);
  const onClosed = useCallback(() => {
    if (!closing.current) return;
    closing.current = false;
    modalQueue.send({ type: 'DONE', id });
  }, [id]);
  return { isOpen, onClosed };
}

/** What a modal's machine tells the queue: it wants to open while shown, not once it is done, else it decides. */
export const wantsOf = (shown: boolean, done: boolean): boolean | null => (shown ? true : done ? false : null);

/** Whether a queued dialog is open or may still open (the cookie banner, not a dialog, does not count). */
export const queuedDialogPending = (): boolean =>
  Object.keys(modalQueue.getSnapshot().context.standing).some((id) => id !== 'cookieBanner');
