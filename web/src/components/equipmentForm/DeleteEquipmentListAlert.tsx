import { useState } from 'react';
import { Intent, ProgressBar } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../../../contract/equipment';
import { ConfirmAlert } from '../confirm/ConfirmAlert';
import { showToast } from '../showToast';
import { equipmentKeys } from '../../lib/equipmentKeys';
import { useCurrentSession } from '../../lib/currentUser';
import { failureMessage } from '../../lib/failureMessage';
import { handOverSessionErrors } from '../../lib/sessionHandOver';
import { removeEquipmentQuietly } from './api/equipmentForm';
import { deletesEquipment, equipmentName } from './DeleteEquipmentAlert';

export interface DeleteEquipmentListAlertProps {
  /** The instruments to remove from the user's list (those the user added are deleted); empty keeps it closed. */
  equipment: readonly Equipment[];
  onClose(): void;
  /** After the calls: the ids the server removed or deleted (the others failed and were named in a toast). */
  onRemoved(ids: number[]): void;
}

/**
 * The confirmation of removing several instruments at once (DELETE Equipment/{id} for each, one after the other):
 * the question says how many, and how many of them are deleted; the alert shows the progress; afterwards a toast
 * says how many went, and names those that did not with the reason.
 */
export function DeleteEquipmentListAlert({ equipment, onClose, onRemoved }: DeleteEquipmentListAlertProps) {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const queryClient = useQueryClient();
  const [done, setDone] = useState<number | null>(null);
  const deleting = equipment.filter((e) => deletesEquipment(e, user.userId)).length;

  const run = async () => {
    const removed: number[] = [];
    const failed: string[] = [];
    for (const [index, item] of equipment.entries()) {
      setDone(index);
      try {
        await removeEquipmentQuietly(item.equipmentId);
        removed.push(item.equipmentId);
      } catch (cause) {
        const problem = failureMessage(cause, { failed: { key: 'errorMessage:system_error' } });
        if (!problem) {
          // The session ended or the user changed: the app's modal takes over, and nothing more is tried.
          handOverSessionErrors(cause);
          failed.push(...equipment.slice(index).map(equipmentName));
          break;
        }
        failed.push(`${equipmentName(item)} (${t(problem.key, problem.values)})`);
      }
    }
    setDone(null);
    void queryClient.invalidateQueries({ queryKey: equipmentKeys.all });
    if (removed.length > 0) showToast(t('equipmentForm:bulk_removed', { count: removed.length }), Intent.SUCCESS);
    if (failed.length > 0) {
      showToast(
        t('equipmentForm:bulk_remove_failed', {
          failed: failed.length,
          count: equipment.length,
          names: failed.join('; '),
        }),
        Intent.DANGER,
        'error',
      );
    }
    onRemoved(removed);
    onClose();
  };

  const question = [
    t('equipmentForm:bulk_remove_confirm', { count: equipment.length }),
    deleting > 0 ? t('equipmentForm:bulk_remove_confirm_deletes', { count: deleting }) : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <ConfirmAlert
      isOpen={equipment.length > 0}
      icon="trash"
      message={question}
      confirmText={t('equipmentForm:remove_button')}
      busy={done !== null}
      escapeCancels
      onConfirm={() => void run()}
      onCancel={onClose}
    >
      {done !== null && (
        <div role="status">
          <p>{t('equipmentForm:bulk_removing', { done: done + 1, count: equipment.length })}</p>
          <ProgressBar
            intent={Intent.PRIMARY}
            value={done / equipment.length}
            aria-label={t('equipmentForm:bulk_removing', { done: done + 1, count: equipment.length })}
          />
        </div>
      )}
    </ConfirmAlert>
  );
}
