import { Callout, DialogBody, Intent, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../../../contract/limits';
import { useEquipmentForEhs } from './api/ehs';
import { EditEhsDialog } from './EditEhsDialog';
import { PortalDialog } from '../dialog/PortalDialog';

/** Edit EHS data of an instrument known only by id (the inventory row menu): its current data is read first. */
export function EditEhsForEquipment({ equipmentId, onClose }: { equipmentId: number; onClose(): void }) {
  const { t } = useTranslation();
  const current = useEquipmentForEhs(equipmentId);
  if (current.data) return <EditEhsDialog target={current.data} onClose={onClose} onSaved={() => undefined} />;
  return (
    <PortalDialog isOpen onClose={onClose} title={t('ehs:title')} icon="shield" style={{ width: MODAL_WIDTH.default }}>
      <DialogBody>
        {current.isError ? (
          <Callout intent={Intent.DANGER} role="alert">
            {t('ehs:load_failed')}
          </Callout>
        ) : (
          <Spinner aria-label={t('loading')} />
        )}
      </DialogBody>
    </PortalDialog>
  );
}
