import { useState, type FormEvent } from 'react';
import {
  Button,
  Callout,
  Checkbox,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  Intent,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EHS_NONE, EHS_OPTIONS, type EhsData, type EhsUpdate } from '../../../../contract/equipment';
import { MODAL_WIDTH } from '../../../../contract/limits';
import { useDiscardConfirmation } from '../confirm/useConfirmation';
import { showToast } from '../showToast';
import { equipmentKeys } from '../../lib/equipmentKeys';
import { updateEhs } from './api/ehs';
import { useUnsavedData } from '../../lib/unsavedData';
import { picksOf, togglePick, valueOf } from './ehsPicks';
import { PortalDialog } from '../dialog/PortalDialog';

type SingleField = 'machineGuarding' | 'lockTagOut';
type MultiField = 'energyHazard' | 'chemicalHazards' | 'biosafetyHazards' | 'radiologicalHazards';
const SINGLE_FIELDS: readonly SingleField[] = ['machineGuarding', 'lockTagOut'];
const MULTI_FIELDS: readonly MultiField[] = [
  'energyHazard',
  'chemicalHazards',
  'biosafetyHazards',
  'radiologicalHazards',
];

type Draft = Pick<EhsData, SingleField | MultiField | 'locked'>;

/** The instrument whose EHS data is edited. */
export interface EhsTarget extends EhsData {
  equipmentId: number;
  serial: string | null;
  mfg: string | null;
  model: string | null;
}

const draftOf = (ehs: EhsData): Draft => ({
  machineGuarding: ehs.machineGuarding,
  lockTagOut: ehs.lockTagOut,
  energyHazard: ehs.energyHazard,
  chemicalHazards: ehs.chemicalHazards,
  biosafetyHazards: ehs.biosafetyHazards,
  radiologicalHazards: ehs.radiologicalHazards,
  locked: ehs.locked,
});

const sameDraft = (a: Draft, b: Draft) => (Object.keys(a) as (keyof Draft)[]).every((k) => a[k] === b[k]);

const LOCKED_VALUES = { yes: true, no: false, unset: null } as const;
type LockedChoice = keyof typeof LOCKED_VALUES;
const lockedChoiceOf = (locked: boolean | null): LockedChoice => (locked === null ? 'unset' : locked ? 'yes' : 'no');

/**
 * Edit EHS data (spec 2 "Modals", section 4 "EHS multi-select rule"): two single pick-lists, four multi-selects where
 * an exclusive option stands alone, and locked as yes, no or not set. Closing with changes asks first.
 */
export function EditEhsDialog({
  target,
  onClose,
  onSaved,
}: {
  target: EhsTarget;
  onClose(): void;
  onSaved(ehs: EhsData): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [initial] = useState(() => draftOf(target));
  const [draft, setDraft] = useState(initial);
  const dirty = !sameDraft(draft, initial);
  useUnsavedData(dirty);

  const save = useMutation({
    mutationFn: (body: EhsUpdate) => updateEhs(target.equipmentId, body),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: equipmentKeys.all });
      showToast(t('ehs:saved'), Intent.SUCCESS);
      onSaved(saved);
      onClose();
    },
  });
  const { requestClose, element: discardQuestion } = useDiscardConfirmation({ dirty, busy: save.isPending, onClose });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    save.mutate({
      ...draft,
      equipmentId: target.equipmentId,
      serial: target.serial,
      makeModel: [target.mfg, target.model].filter(Boolean).join(' - ') || null,
    });
  };

  // The default option reads blank (spec 2 section 3); in a multi-select it is the state of no box ticked.
  const optionLabel = (field: SingleField | MultiField, option: string) =>
    option === EHS_NONE ? '\u00a0' : t(`equipmentDetail:ehs_${field}_${option}`);
  const title = t('ehs:title');
  const idOf = (field: string) => `ehs-${target.equipmentId}-${field}`;

  return (
    <>
      <PortalDialog
        isOpen
        onClose={requestClose}
        title={title}
        icon="shield"
        style={{ width: MODAL_WIDTH.default, maxWidth: '95vw' }}
      >
        <form onSubmit={submit} noValidate aria-label={title}>
          <DialogBody>
            {save.isError && (
              <Callout intent={Intent.DANGER} role="alert" style={{ marginBottom: 12 }}>
                {t('ehs:save_failed')}
              </Callout>
            )}
            <p className="bp6-text-muted">{[target.mfg, target.model, target.serial].filter(Boolean).join(' - ')}</p>
            {SINGLE_FIELDS.map((field) => (
              <FormGroup key={field} label={t(`equipmentDetail:ehs_field_${field}`)} labelFor={idOf(field)}>
                <HTMLSelect
                  id={idOf(field)}
                  fill
                  value={draft[field]}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setDraft((d) => ({ ...d, [field]: value }));
                  }}
                  options={EHS_OPTIONS[field].map((option) => ({ value: option, label: optionLabel(field, option) }))}
                />
              </FormGroup>
            ))}
            {MULTI_FIELDS.map((field) => {
              const picks = picksOf(draft[field]);
              return (
                <fieldset key={field} style={{ border: 0, padding: 0, margin: '0 0 15px' }}>
                  <legend className="bp6-label">{t(`equipmentDetail:ehs_field_${field}`)}</legend>
                  {EHS_OPTIONS[field]
                    .filter((option) => option !== EHS_NONE)
                    .map((option) => (
                      <Checkbox
                        key={option}
                        inline
                        label={optionLabel(field, option)}
                        checked={picks.includes(option)}
                        onChange={() =>
                          setDraft((d) => ({ ...d, [field]: valueOf(togglePick(picksOf(d[field]), option)) }))
                        }
                      />
                    ))}
                </fieldset>
              );
            })}
            <RadioGroup
              label={t('equipmentDetail:ehs_field_locked')}
              inline
              selectedValue={lockedChoiceOf(draft.locked)}
              onChange={(e) => {
                const locked = LOCKED_VALUES[e.currentTarget.value as LockedChoice];
                setDraft((d) => ({ ...d, locked }));
              }}
            >
              <Radio value="yes" label={t('list_bool_true')} />
              <Radio value="no" label={t('list_bool_false')} />
              <Radio value="unset" label={t('ehs:locked_unset')} />
            </RadioGroup>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text={t('cancel')} onClick={requestClose} disabled={save.isPending} />
                <Button
                  type="submit"
                  intent={Intent.PRIMARY}
                  text={t('ehs:save')}
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
