import { useRef } from 'react';
import { Intent, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ConfirmAlert } from '../confirm/ConfirmAlert';
import type { SavedViewConfirmation } from './useSavedViews';

export interface SavedViewConfirmAlertProps {
  /** What waits for the user's answer; null closes the alert. */
  confirmation: SavedViewConfirmation | null;
  onConfirm: () => void;
  onCancel: () => void;
}

const LOOK: Record<SavedViewConfirmation['kind'], { intent: Intent; icon: IconName }> = {
  switch: { intent: Intent.WARNING, icon: 'warning-sign' },
  remove: { intent: Intent.DANGER, icon: 'trash' },
  hide: { intent: Intent.WARNING, icon: 'eye-off' },
};

/** The confirmations of the saved views: leaving unsaved changes for another view, deleting or hiding a view. */
export function SavedViewConfirmAlert({ confirmation, onConfirm, onCancel }: SavedViewConfirmAlertProps) {
  const { t } = useTranslation();
  // Keeps the text while the alert fades out after an answer.
  const last = useRef<SavedViewConfirmation | null>(null);
  if (confirmation) last.current = confirmation;
  const shown = confirmation ?? last.current;
  if (!shown) return null;
  const name = shown.viewName ?? t('views:initial_layout');
  const texts = {
    switch: { confirm: t('views:switch_view'), body: t('views:switch_confirm', { name }) },
    remove: { confirm: t('views:delete'), body: t('views:delete_confirm', { name }) },
    hide: { confirm: t('views:hide'), body: t('views:hide_confirm', { name }) },
  }[shown.kind];
  return (
    <ConfirmAlert
      isOpen={confirmation !== null}
      intent={LOOK[shown.kind].intent}
      icon={LOOK[shown.kind].icon}
      message={texts.body}
      confirmText={texts.confirm}
      escapeCancels
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
