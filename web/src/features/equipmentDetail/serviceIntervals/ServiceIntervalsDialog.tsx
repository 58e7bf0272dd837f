import { useState, type FormEvent } from 'react';
import { Button, Callout, DialogBody, DialogFooter, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../../../../contract/limits';
import {
  SERVICE_INTERVAL_MONTHS_MAX,
  type ServiceIntervals,
  type ServiceIntervalsInput,
} from '../../../../../contract/serviceIntervals';
import { SubmitProblemCallout } from '../../../components/SubmitProblemCallout';
import { useDiscardConfirmation } from '../../../components/confirm/useConfirmation';
import { PortalDialog } from '../../../components/dialog/PortalDialog';
import { NumberInput } from '../../../components/inputs/NumberInput';
import {
  DueDateTag,
  kindLabel,
  monthsProblem,
  SAVE_FAILURES,
  setServiceIntervals,
} from '../../../components/serviceIntervals';
import { showToast } from '../../../components/showToast';
import { formatDate } from '../../../lib/dates';
import { equipmentKeys } from '../../../lib/equipmentKeys';
import { failureMessage } from '../../../lib/failureMessage';
import { useUnsavedData } from '../../../lib/unsavedData';

type Drafts = Record<number, string>;

const draftsOf = (intervals: ServiceIntervals): Drafts =>
  Object.fromEntries(intervals.items.map((i) => [i.serviceCallType, i.intervalMonths?.toString() ?? '']));

/** The kinds whose entry differs from what is saved: a number sets, an empty entry clears. */
const changesOf = (initial: Drafts, drafts: Drafts): ServiceIntervalsInput['intervals'] =>
  Object.entries(drafts)
    .filter(([kind, text]) => text.trim() !== (initial[Number(kind)] ?? ''))
    .map(([kind, text]) => ({
      serviceCallType: Number(kind),
      intervalMonths: text.trim() === '' ? null : Number(text),
    }));

export interface ServiceIntervalsDialogProps {
  intervals: ServiceIntervals;
  /** What the dialog names the instrument by. */
  title: string;
  onClose(): void;
}

/**
 * A manager's edit of an instrument's service intervals: months per kind of work (empty: none), beside the last
 * completion and the next due date as they stand. Entries are checked before saving; closing with changes asks first.
 */
export function ServiceIntervalsDialog({ intervals, title, onClose }: ServiceIntervalsDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [initial] = useState(() => draftsOf(intervals));
  const [drafts, setDrafts] = useState(initial);
  const [checked, setChecked] = useState(false);
  const changes = changesOf(initial, drafts);
  const dirty = changes.length > 0;
  useUnsavedData(dirty);

  const save = useMutation({
    mutationFn: (body: ServiceIntervalsInput) => setServiceIntervals(intervals.equipmentId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(equipmentKeys.serviceIntervals(intervals.equipmentId), saved);
      void queryClient.invalidateQueries({ queryKey: equipmentKeys.all });
      showToast(t('serviceIntervals:saved'), Intent.SUCCESS);
      onClose();
    },
  });
  const { requestClose, element: discardQuestion } = useDiscardConfirmation({ dirty, busy: save.isPending, onClose });

  const problems = Object.entries(drafts).filter(([, text]) => monthsProblem(text) !== null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (save.isPending || problems.length > 0 || !dirty) return;
    save.mutate({ intervals: changes });
  };
  const dialogTitle = t('serviceIntervals:dialog_title');
  const inputId = (kind: number) => `service-interval-${intervals.equipmentId}-${kind}`;

  return (
    <>
      <PortalDialog
        isOpen
        onClose={requestClose}
        title={dialogTitle}
        icon="time"
        style={{ width: MODAL_WIDTH.wide, maxWidth: '95vw' }}
      >
        <form onSubmit={submit} noValidate aria-label={dialogTitle}>
          <DialogBody>
            <p className="bp6-text-muted">{title}</p>
            <p>{t('serviceIntervals:dialog_hint', { max: SERVICE_INTERVAL_MONTHS_MAX })}</p>
            <SubmitProblemCallout
              message={save.isError ? failureMessage(save.error, SAVE_FAILURES) : null}
              style={{ marginBottom: 12 }}
            />
            {checked && problems.length > 0 && (
              <Callout intent={Intent.DANGER} role="alert" style={{ marginBottom: 12 }}>
                {t('serviceIntervals:fix_entries', { count: problems.length })}
              </Callout>
            )}
            <HTMLTable compact style={{ width: '100%' }}>
              <thead>
                <tr>
                  <th scope="col">{t('serviceIntervals:column_kind')}</th>
                  <th scope="col">{t('serviceIntervals:column_months')}</th>
                  <th scope="col">{t('serviceIntervals:column_last_done')}</th>
                  <th scope="col">{t('serviceIntervals:column_next_due')}</th>
                </tr>
              </thead>
              <tbody>
                {intervals.items.map((item) => {
                  const kind = item.serviceCallType;
                  const problem = checked ? monthsProblem(drafts[kind] ?? '') : null;
                  const errorId = `${inputId(kind)}-error`;
                  return (
                    <tr key={kind}>
                      <th scope="row" style={{ fontWeight: 'normal' }}>
                        <label htmlFor={inputId(kind)}>{kindLabel(t, kind)}</label>
                      </th>
                      <td style={{ minWidth: 110 }}>
                        <NumberInput
                          id={inputId(kind)}
                          value={drafts[kind] ?? ''}
                          bounds={{ max: SERVICE_INTERVAL_MONTHS_MAX }}
                          intent={problem ? Intent.DANGER : Intent.NONE}
                          aria-invalid={problem !== null}
                          aria-describedby={problem ? errorId : undefined}
                          rightElement={<Tag minimal>{t('serviceIntervals:months')}</Tag>}
                          onValueChange={(text) => setDrafts((d) => ({ ...d, [kind]: text }))}
                        />
                        {problem && (
                          <div id={errorId} className="bp6-form-helper-text bp6-intent-danger">
                            {t(problem, { max: SERVICE_INTERVAL_MONTHS_MAX })}
                          </div>
                        )}
                      </td>
                      <td>{item.lastDone ? formatDate(item.lastDone) : '—'}</td>
                      <td>
                        <DueDateTag due={item.nextDue} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </HTMLTable>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text={t('cancel')} onClick={requestClose} disabled={save.isPending} />
                <Button
                  type="submit"
                  intent={Intent.PRIMARY}
                  text={t('serviceIntervals:save')}
                  loading={save.isPending}
                  disabled={!dirty}
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
