import { useEffect, useRef, useState } from 'react';
import { Intent, ProgressBar } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../../../contract/equipment';
import { equipmentListRemovalMachine } from '../../../../machines/equipmentListRemoval.machine';
import { ConfirmAlert } from '../confirm/ConfirmAlert';
import { showToast } from '../showToast';
import { equipmentKeys } from '../../lib/equipmentKeys';
import { useCurrentSession } from '../../lib/currentUser';
import { failureMessage } from '../../lib/failureMessage';
import { handOverSessionErrors } from '../../lib/sessionHandOver';
import { removeEquipmentQuietly } from './api/equipmentForm';
import { deletesEquipment, equipmentName } from './DeleteEquipmentAlert';

const REMOVE_FAILURES = { failed: { key: 'errorMessage:system_error' } } as const;

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
  // The machine's actions reach the latest props and t.
  const latest = useRef({ t, onClose, onRemoved });
  useEffect(() => {
    latest.current = { t, onClose, onRemoved };
  });
  const [machine] = useState(() =>
    equipmentListRemovalMachine.provide({
      actors: { removeItem: fromPromise(({ input }) => removeEquipmentQuietly(input.id)) },
      guards: {
        // The session ended or the user changed: the app's modal takes over, and nothing more is tried.
        endsRun: (_, cause) => !failureMessage(cause, REMOVE_FAILURES),
      },
      actions: {
        notifyStopped: (_, cause) => handOverSessionErrors(cause),
        notifyDone: (_, report) => {
          const { t: translate } = latest.current;
          void queryClient.invalidateQueries({ queryKey: equipmentKeys.all });
          if (report.removed.length > 0) {
            showToast(translate('equipmentForm:bulk_removed', { count: report.removed.length }), Intent.SUCCESS);
          }
          if (report.failed.length > 0) {
            const names = report.failed.map(({ item, cause }) => {
              const problem = cause === undefined ? null : failureMessage(cause, REMOVE_FAILURES);
              return problem ? `${item.name} (${translate(problem.key, problem.values)})` : item.name;
            });
            showToast(
              translate('equipmentForm:bulk_remove_failed', {
                failed: report.failed.length,
                count: report.count,
                names: names.join('; '),
              }),
              Intent.DANGER,
              'error',
            );
          }
          latest.current.onRemoved(report.removed);
          latest.current.onClose();
        },
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  useEffect(() => {
    send({ type: 'OPEN', items: equipment.map((e) => ({ id: e.equipmentId, name: equipmentName(e) })) });
  }, [equipment, send]);
  const deleting = equipment.filter((e) => deletesEquipment(e, user.userId)).length;
  const removing = snapshot.matches('removing');
  const { index, items } = snapshot.context;

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
      busy={removing}
      escapeCancels
      onConfirm={() => send({ type: 'CONFIRM' })}
      onCancel={() => {
        send({ type: 'CANCEL' });
        onClose();
      }}
    >
      {removing && (
        <div role="status">
          <p>{t('equipmentForm:bulk_removing', { done: index + 1, count: items.length })}</p>
          <ProgressBar
            intent={Intent.PRIMARY}
            value={index / items.length}
            aria-label={t('equipmentForm:bulk_removing', { done: index + 1, count: items.length })}
          />
        </div>
      )}
    </ConfirmAlert>
  );
}
