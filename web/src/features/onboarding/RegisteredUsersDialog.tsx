import { Button, Checkbox, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../../../contract/limits';
import { PortalDialog } from '../../components/dialog/PortalDialog';

export interface RegisteredUsersDialogProps {
  isOpen: boolean;
  /** The to-addresses that already have accounts. */
  registered: string[];
  /** Whether they are left out of the sending (on by default). */
  exclude: boolean;
  onExclude(exclude: boolean): void;
  onConfirm(): void;
  onCancel(): void;
}

/** Lists the to-addresses that already have portal accounts before an invitation is sent (spec 3 section 4). */
export function RegisteredUsersDialog(props: RegisteredUsersDialogProps) {
  const { t } = useTranslation();
  return (
    <PortalDialog
      isOpen={props.isOpen}
      onClose={props.onCancel}
      title={t('onboarding:registered_title')}
      icon="people"
      style={{ width: MODAL_WIDTH.narrow, maxWidth: '95vw' }}
    >
      <DialogBody>
        <p id="onboarding-registered-intro">{t('onboarding:registered_intro', { count: props.registered.length })}</p>
        <ul aria-labelledby="onboarding-registered-intro" className="onboarding-registered-list">
          {props.registered.map((address) => (
            <li key={address}>{address}</li>
          ))}
        </ul>
        <Checkbox
          checked={props.exclude}
          label={t('onboarding:exclude_registered')}
          onChange={(e) => props.onExclude(e.currentTarget.checked)}
        />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('onboarding:cancel')} onClick={props.onCancel} />
            <Button intent={Intent.PRIMARY} icon="send-message" text={t('onboarding:send')} onClick={props.onConfirm} />
          </>
        }
      />
    </PortalDialog>
  );
}
