import { Intent } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../../../contract/equipment';
import { ConfirmAlert } from '../confirm/ConfirmAlert';
import { getToaster } from '../toaster';
import { equipmentKeys } from '../../lib/equipmentKeys';
import { removeEquipment } from './api/equipmentForm';
import { useCurrentSession } from '../../lib/currentUser';
import { isUserAdded } from './equipmentDraft';

export interface DeleteEquipmentAlertProps {
  /** The equipment to delete or remove; null keeps the alert closed. */
  equipment: Equipment | null;
  onClose(): void;
  /** After the call: true when the equipment was deleted, false when it was only removed from the user's list. */
  onDeleted(deleted: boolean): void;
}

/** Whether deleting deletes (spec 2 section 6): equipment the current user added; other equipment is only removed. */
export const deletesEquipment = (equipment: Pick<Equipment, 'dataSourceId' | 'createdBy'>, userId: number) =>
  isUserAdded(equipment) && equipment.createdBy === userId;

/** Make model serial, as the confirmations name an equipment. */
export const equipmentName = (e: Pick<Equipment, 'mfg' | 'model' | 'serial'>) =>
  [e.mfg, e.model, e.serial].filter(Boolean).join(' ');

/** The delete confirmation of an equipment (DELETE Equipment/{id}); the wording says whether it is deleted. */
export function DeleteEquipmentAlert({ equipment, onClose, onDeleted }: DeleteEquipmentAlertProps) {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const queryClient = useQueryClient();
  const deletes = equipment !== null && deletesEquipment(equipment, user.userId);
  const name = equipment ? equipmentName(equipment) : '';

  const remove = useMutation({
    mutationFn: removeEquipment,
    onSuccess: ({ deleted }) => {
      void queryClient.invalidateQueries({ queryKey: equipmentKeys.all });
      void getToaster().then((toaster) =>
        toaster.show({
          message: deleted ? t('equipmentForm:deleted', { name }) : t('equipmentForm:removed', { name }),
          intent: Intent.SUCCESS,
          icon: 'tick',
        }),
      );
      onDeleted(deleted);
      onClose();
    },
  });

  return (
    <ConfirmAlert
      isOpen={equipment !== null}
      icon="trash"
      message={deletes ? t('equipmentForm:delete_confirm', { name }) : t('equipmentForm:remove_confirm', { name })}
      confirmText={deletes ? t('equipmentForm:delete_button') : t('equipmentForm:remove_button')}
      busy={remove.isPending}
      escapeCancels
      onConfirm={() => equipment && remove.mutate(equipment.equipmentId)}
      onCancel={onClose}
    />
  );
}
