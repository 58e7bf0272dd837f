import { useState, type FormEvent } from 'react';
import { Button, DialogBody, DialogFooter, FormGroup, HTMLSelect, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../../../../contract/equipment';
import { MODAL_WIDTH } from '../../../../../contract/limits';
import {
  SERVICE_INTERVAL_KINDS,
  SERVICE_INTERVAL_MONTHS_MAX,
  SERVICE_KIND_CALIBRATION,
  type BulkServiceIntervalInput,
} from '../../../../../contract/serviceIntervals';
import { SubmitProblemCallout } from '../../../components/SubmitProblemCallout';
import { useDiscardConfirmation } from '../../../components/confirm/useConfirmation';
import { PortalDialog } from '../../../components/dialog/PortalDialog';
import { NumberInput } from '../../../components/inputs/NumberInput';
import {
  kindLabel,
  monthsProblem,
  SAVE_FAILURES,
  setServiceIntervalOnMany,
} from '../../../components/serviceIntervals';
import { showToast } from '../../../components/showToast';
import { equipmentKeys } from '../../../lib/equipmentKeys';
import { failureMessage } from '../../../lib/failureMessage';
import { useUnsavedData } from '../../../lib/unsavedData';

type Action = 'set' | 'clear';

export interface BulkServiceIntervalDialogProps {
  /** The selected instruments. */
  equipment: readonly Equipment[];
  onClose(): void;
}

/**
 * One kind's interval for the instruments selected in the grid, in one call: set to a number of months, or
 * cleared. A toast says how many instruments changed (those that had it already are left as they were).
 */
export function BulkServiceIntervalDialog({ equipment, onClose }: BulkServiceIntervalDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState(SERVICE_KIND_CALIBRATION);
  const [action, setAction] = useState<Action>('set');
  const [months, setMonths] = useState('');
  const [checked, setChecked] = useState(false);
  const dirty = months !== '' || action === 'clear';
  useUnsavedData(dirty);

  const save = useMutation({
    mutationFn: (body: BulkServiceIntervalInput) => setServiceIntervalOnMany(body),
    onSuccess: ({ changed }) => {
      void queryClient.invalidateQueries({ queryKey: equipmentKeys.all });
      const unchanged = equipment.length - changed;
      showToast(
        [
          t(action === 'set' ? 'serviceIntervals:bulk_set_done' : 'serviceIntervals:bulk_cleared_done', {
            count: changed,
            kind: kindLabel(t, kind),
          }),
          unchanged > 0 ? t('serviceIntervals:bulk_unchanged', { count: unchanged }) : '',
        ]
          .filter(Boolean)
          .join(' '),
        Intent.SUCCESS,
      );
      onClose();
    },
  });
  const { requestClose, element: discardQuestion } = useDiscardConfirmation({ dirty, busy: save.isPending, onClose });

  const problem =
    action === 'set' ? (months.trim() === '' ? 'serviceIntervals:months_required' : monthsProblem(months)) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (save.isPending || problem) return;
    save.mutate({
      equipmentIds: equipment.map((e) => e.equipmentId),
      serviceCallType: kind,
      intervalMonths: action === 'set' ? Number(months) : null,
    });
  };
  const title = t('serviceIntervals:bulk_title');
  const shownProblem = checked ? problem : null;

  return (
    <>
      <PortalDialog
        isOpen
        onClose={requestClose}
        title={title}
        icon="time"
        style={{ width: MODAL_WIDTH.narrow, maxWidth: '95vw' }}
      >
        <form onSubmit={submit} noValidate aria-label={title}>
          <DialogBody>
            <p>{t('serviceIntervals:bulk_selected', { count: equipment.length })}</p>
            <SubmitProblemCallout
              message={save.isError ? failureMessage(save.error, SAVE_FAILURES) : null}
              style={{ marginBottom: 12 }}
            />
            <FormGroup label={t('serviceIntervals:column_kind')} labelFor="bulk-interval-kind">
              <HTMLSelect
                id="bulk-interval-kind"
                fill
                value={kind}
                onChange={(e) => setKind(Number(e.currentTarget.value))}
                options={SERVICE_INTERVAL_KINDS.map((k) => ({ value: k, label: kindLabel(t, k) }))}
              />
            </FormGroup>
            <RadioGroup
              label={t('serviceIntervals:bulk_action')}
              selectedValue={action}
              onChange={(e) => setAction(e.currentTarget.value as Action)}
            >
              <Radio value="set" label={t('serviceIntervals:bulk_action_set')} />
              <Radio value="clear" label={t('serviceIntervals:bulk_action_clear')} />
            </RadioGroup>
            {action === 'set' && (
              <FormGroup
                label={t('serviceIntervals:column_months')}
                labelFor="bulk-interval-months"
                intent={shownProblem ? Intent.DANGER : Intent.NONE}
                helperText={shownProblem ? t(shownProblem, { max: SERVICE_INTERVAL_MONTHS_MAX }) : undefined}
              >
                <NumberInput
                  id="bulk-interval-months"
                  value={months}
                  bounds={{ max: SERVICE_INTERVAL_MONTHS_MAX }}
                  intent={shownProblem ? Intent.DANGER : Intent.NONE}
                  aria-invalid={shownProblem !== null}
                  onValueChange={setMonths}
                />
              </FormGroup>
            )}
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text={t('cancel')} onClick={requestClose} disabled={save.isPending} />
                <Button
                  type="submit"
                  intent={Intent.PRIMARY}
                  text={t('serviceIntervals:bulk_apply', { count: equipment.length })}
                  loading={save.isPending}
                />
              </>
            }
          />
        </form>
      </PortalDialog>
      {discardQuestion}
    </>
  );
}
