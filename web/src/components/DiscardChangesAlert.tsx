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
