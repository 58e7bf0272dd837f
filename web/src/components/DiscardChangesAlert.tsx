import { useState } from 'react';
import { Alert, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export interface DiscardChangesAlertProps {
  isOpen: boolean;
  /** The dialog stays open with what was entered. */
  onKeepEditing(): void;
  /** The entered data is dropped and the dialog closes. */
  onDiscard(): void;
  /** The discard button's text where it should name what is lost; "Discard changes" otherwise. */
  discardText?: string;
}

/** Asks before a dialog holding unsaved data is closed (spec 1 section 2). */
export function DiscardChangesAlert({ isOpen, onKeepEditing, onDiscard, discardText }: DiscardChangesAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert
      isOpen={isOpen}
      intent={Intent.DANGER}
      icon="warning-sign"
      confirmButtonText={discardText ?? t('discard_changes')}
      cancelButtonText={t('continue_editing')}
      onConfirm={onDiscard}
      onCancel={onKeepEditing}
    >
      <p>{t('unsaved_data_confirm')}</p>
    </Alert>
  );
}

export interface DiscardConfirmation {
  /** Close the dialog: at once when nothing would be lost, else once the user agrees; never while it is busy. */
  requestClose(): void;
  /** What the dialog's DiscardChangesAlert needs. */
  alertProps: Pick<DiscardChangesAlertProps, 'isOpen' | 'onKeepEditing' | 'onDiscard'>;
}

/** Closing of a dialog that may hold unsaved data (`dirty`), with the question before anything is lost. */
export function useDiscardConfirmation(options: {
  dirty: boolean;
  busy: boolean;
  onClose(): void;
}): DiscardConfirmation {
  const { dirty, busy, onClose } = options;
  const [asking, setAsking] = useState(false);
  return {
    requestClose: () => {
      if (busy) return;
      if (dirty) setAsking(true);
      else onClose();
    },
    alertProps: {
      isOpen: asking,
      onKeepEditing: () => setAsking(false),
      onDiscard: () => {
        setAsking(false);
        onClose();
      },
    },
  };
}
