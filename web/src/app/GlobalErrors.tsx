import { useEffect } from 'react';
import { Button, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { globalErrorsMachine } from '../../../machines/globalErrors.machine';
import { EQUIPMENT_FIELD_LABEL_KEYS } from '../components/equipmentForm/fieldLabels';
import { getToaster } from '../components/toaster';
import { onGlobalRequestError } from '../lib/requestLayer';
import { onCrossTab } from '../lib/crossTab';
import { useModalTurn } from '../lib/modalQueue';
import { PortalDialog } from '../components/dialog/PortalDialog';

/**
 * Answers request errors for the whole app: the session modals (one at a time, first in the queue of what opens by
 * itself) and the error toasts.
 */
export interface GlobalErrorsProps {
  userId: number;
  customerId: number;
  onSignOut: () => void;
}

export function GlobalErrors({ userId, customerId, onSignOut }: GlobalErrorsProps) {
  const { t, i18n } = useTranslation();
  const [snapshot, send] = useMachine(
    globalErrorsMachine.provide({
      actions: {
        showToast: (_, toast) => {
          const params = toast.withAssetIdLabel ? { assetIdLabel: t(EQUIPMENT_FIELD_LABEL_KEYS.assetId) } : {};
          const message = i18n.exists(toast.messageKey)
            ? t(toast.messageKey, params)
            : (toast.fallback ?? toast.messageKey);
          void getToaster().then((toaster) => toaster.show({ message, intent: Intent.DANGER, icon: 'error' }));
        },
        goToLogin: () => window.location.assign('/login'),
        reloadPage: () => window.location.reload(),
        signOut: onSignOut,
      },
    }),
  );

  useEffect(() => onGlobalRequestError((error) => send({ type: 'REQUEST_ERROR', error })), [send]);
  useEffect(
    () =>
      onCrossTab((message) =>
        send({ type: 'CROSS_TAB', message, currentUserId: userId, currentCustomerId: customerId }),
      ),
    [send, userId, customerId],
  );

  const modal = snapshot.context.modal;
  const turn = useModalTurn('session', modal !== null);
  if (modal === null || !turn.isOpen) return null;
  return (
    <PortalDialog
      isOpen
      title={t(`modal_${modal}_title`)}
      isCloseButtonShown={false}
      canEscapeKeyClose={false}
      icon="warning-sign"
    >
      <DialogBody>
        <p>{t(`modal_${modal}_body`)}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <Button intent={Intent.PRIMARY} autoFocus onClick={() => send({ type: 'ACKNOWLEDGE' })}>
            {t('ok')}
          </Button>
        }
      />
    </PortalDialog>
  );
}
