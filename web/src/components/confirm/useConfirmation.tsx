import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Intent } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ConfirmAlert, type ConfirmOptions } from './ConfirmAlert';

export interface Confirmation {
  /** Ask; true once the user agreed, false when they declined (or another question replaced this one). */
  confirm(options: ConfirmOptions): Promise<boolean>;
  /** The question while it is asked: render it once where the asking component renders. */
  element: ReactNode;
}

/** Asking the user before something is lost, with the app's one confirmation. */
export function useConfirmation(): Confirmation {
  const [asked, setAsked] = useState<ConfirmOptions | null>(null);
  const shown = useRef<ConfirmOptions | null>(null);
  const answer = useRef<((agreed: boolean) => void) | null>(null);
  if (asked) shown.current = asked;

  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        answer.current?.(false);
        answer.current = resolve;
        setAsked(options);
      }),
    [],
  );
  const settle = (agreed: boolean) => {
    const resolve = answer.current;
    answer.current = null;
    setAsked(null);
    resolve?.(agreed);
  };

  const options = asked ?? shown.current;
  const element = options ? (
    <ConfirmAlert {...options} isOpen={asked !== null} onConfirm={() => settle(true)} onCancel={() => settle(false)} />
  ) : null;
  return { confirm, element };
}

/** The question before a dialog holding unsaved data is closed (spec 1 section 2). */
export const discardChangesQuestion = (t: TFunction, discardText?: string): ConfirmOptions => ({
  message: t('unsaved_data_confirm'),
  confirmText: discardText ?? t('discard_changes'),
  cancelText: t('continue_editing'),
  intent: Intent.DANGER,
  icon: 'warning-sign',
});

export interface DiscardConfirmation {
  /** Close the dialog: at once when nothing would be lost, else once the user agrees; never while it is busy. */
  requestClose(): void;
  /** The question while it is asked. */
  element: ReactNode;
}

/**
 * Closing of a dialog that may hold unsaved data (`dirty`), with the question before anything is lost.
 * `discardText` names what is lost on the discard button; "Discard changes" without it.
 */
export function useDiscardConfirmation(options: {
  dirty: boolean;
  busy: boolean;
  onClose(): void;
  discardText?: string;
}): DiscardConfirmation {
  const { dirty, busy, onClose, discardText } = options;
  const { t } = useTranslation();
  const { confirm, element } = useConfirmation();
  const requestClose = () => {
    if (busy) return;
    if (!dirty) onClose();
    else void confirm(discardChangesQuestion(t, discardText)).then((agreed) => agreed && onClose());
  };
  return { requestClose, element };
}
