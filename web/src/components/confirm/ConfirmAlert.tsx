import { useId, useRef, type ReactNode } from 'react';
import { Alert, Intent, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** What a confirmation asks and how it looks. */
export interface ConfirmOptions {
  /** The question. */
  message: ReactNode;
  /** The button that goes ahead: it names the action (Delete, Discard changes, Leave page). */
  confirmText: string;
  /** The button that keeps things as they are; "Cancel" without it. */
  cancelText?: string;
  /** Danger without it. */
  intent?: Intent;
  icon?: IconName;
  /** Escape answers as the cancel button does. */
  escapeCancels?: boolean;
}

export interface ConfirmAlertProps extends ConfirmOptions {
  isOpen: boolean;
  /** The action runs while the question stays open: the confirm button spins and nothing else answers. */
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
  /** More to choose below the question (which occurrences go, for instance). */
  children?: ReactNode;
}

/**
 * The one confirmation of the app: a question before something is lost (deleted, removed, hidden, left unsaved).
 * A machine's confirming state renders it with the machine's answer events; `useConfirmation` asks with it.
 */
export function ConfirmAlert({
  isOpen,
  busy = false,
  message,
  confirmText,
  cancelText,
  intent = Intent.DANGER,
  icon = 'warning-sign',
  escapeCancels = false,
  onConfirm,
  onCancel,
  children,
}: ConfirmAlertProps) {
  const { t } = useTranslation();
  // Keeps the question while the alert fades out after an answer that cleared it.
  const last = useRef<ReactNode>(message);
  if (isOpen) last.current = message;
  // The question names the alert (it has no title), as assistive technology announces it.
  const questionId = useId();
  return (
    <Alert
      isOpen={isOpen}
      intent={intent}
      icon={icon}
      confirmButtonText={confirmText}
      cancelButtonText={cancelText ?? t('cancel')}
      loading={busy}
      canEscapeKeyCancel={escapeCancels && !busy}
      onConfirm={onConfirm}
      onCancel={() => !busy && onCancel()}
      aria-labelledby={questionId}
    >
      <p id={questionId}>{isOpen ? message : last.current}</p>
      {children}
    </Alert>
  );
}
