import { Fragment, useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
  TextArea,
} from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ContactMethod, type ContractTeamRequest } from '../../../../contract/equipment';
import { MODAL_WIDTH } from '../../../../contract/limits';
import { DiscardChangesAlert, useDiscardConfirmation } from '../DiscardChangesAlert';
import { showToast } from '../showToast';
import { SubmitProblemCallout } from '../SubmitProblemCallout';
import { client, resultOf } from '../../lib/api';
import { useCurrentSession } from '../../lib/currentUser';
import { handOverSessionErrors } from '../../lib/sessionHandOver';
import { useUnsavedData } from '../../lib/unsavedData';
import {
  firstInvalid,
  initialDraft,
  instrumentLabel,
  isDirty,
  MAX_LENGTH,
  requestOf,
  sendProblemOf,
  validate,
  visibleErrors,
  type ContractInstrument,
  type Draft,
  type Field,
} from './contractTeamForm';
import { FieldGroup, problemIdOf } from '../FieldGroup';

/** The contact methods in the order the spec lists them (spec 2 section 3). */
const METHODS: ReadonlyArray<{ method: Draft['contactMethod']; label: string }> = [
  { method: ContactMethod.ByPhone, label: 'contractRequest:method_phone' },
  { method: ContactMethod.ByEmail, label: 'contractRequest:method_email' },
  { method: ContactMethod.SeeComments, label: 'feedback:method_see_comments' },
];

const TEXT_FIELDS: ReadonlyArray<{ field: 'firstName' | 'lastName' | 'emailAddress' | 'telephone'; type: string }> = [
  { field: 'firstName', type: 'text' },
  { field: 'lastName', type: 'text' },
  { field: 'emailAddress', type: 'email' },
  { field: 'telephone', type: 'tel' },
];

const LABELS: Record<Field, string> = {
  firstName: 'feedback:first_name',
  lastName: 'feedback:last_name',
  emailAddress: 'feedback:email',
  telephone: 'feedback:telephone',
  contactMethod: 'contractRequest:contact_method',
  comments: 'feedback:comments',
  interestedIn: 'contractRequest:interested_in',
};

const REQUIRED: ReadonlySet<Field> = new Set(['firstName', 'lastName', 'emailAddress', 'telephone']);

/**
 * Contact the contract team (spec 2 "Modals", sections 3 and 5): the instrument read-only, the requester's details
 * prefilled from the signed-in user, how to get in touch, comments and what they are interested in. Checked by the
 * contract's rules on send and once a field is left; a failed send keeps what was typed; closing with changes asks.
 */
export function ContractTeamDialog({ equipment, onClose }: { equipment: ContractInstrument; onClose(): void }) {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const ids = useId();
  const idOf = (field: Field | 'instrument') => `${ids}-${field}`;
  const [initial] = useState(() => initialDraft(user));
  const [draft, setDraft] = useState<Draft>(initial);
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [submitted, setSubmitted] = useState(false);

  const send = useMutation({
    mutationFn: (body: ContractTeamRequest) => resultOf(client.equipment.requestContract({ body, silent: true })),
    onSuccess: () => {
      showToast(t('contractRequest:sent_toast'), Intent.SUCCESS);
      onClose();
    },
    onError: handOverSessionErrors,
  });
  const busy = send.isPending;
  const dirty = isDirty(draft, initial);
  useUnsavedData(dirty);
  const { requestClose, alertProps } = useDiscardConfirmation({ dirty, busy, onClose });

  const found = validate(draft, equipment);
  const errors = visibleErrors(found, touched, submitted);
  const general = send.isError ? sendProblemOf(send.error) : undefined;

  const change = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const leave = (field: Field) => setTouched((old) => (old.has(field) ? old : new Set(old).add(field)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const first = firstInvalid(found);
    if (first) {
      showToast(t('validation_failed_tip'), Intent.WARNING);
      // Keyboard and screen-reader users land on the first field to correct.
      document.getElementById(idOf(first))?.focus();
      return;
    }
    send.mutate(requestOf(draft, equipment));
  };

  const errorId = (field: Field) => problemIdOf(idOf(field));
  const intentOf = (field: Field) => (errors[field] ? Intent.DANGER : Intent.NONE);
  const a11y = (field: Field) => ({
    id: idOf(field),
    'aria-invalid': !!errors[field],
    'aria-required': REQUIRED.has(field),
    'aria-describedby': errors[field] ? errorId(field) : undefined,
    onBlur: () => leave(field),
  });
  const group = (field: Field, control: ReactNode, hint?: string) => (
    <FieldGroup
      controlId={idOf(field)}
      label={t(LABELS[field])}
      required={REQUIRED.has(field)}
      problem={errors[field]}
      hint={hint}
    >
      {control}
    </FieldGroup>
  );
  const title = t('contractRequest:title');
  const half = { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', columnGap: 16 };

  return (
    <>
      <Dialog
        isOpen
        onClose={requestClose}
        title={title}
        icon="annotation"
        style={{ width: MODAL_WIDTH.medium, maxWidth: '95vw' }}
      >
        <form onSubmit={submit} noValidate aria-label={title}>
          <DialogBody>
            <SubmitProblemCallout message={general} style={{ marginBottom: 15 }} />
            <p>{t('contractRequest:intro')}</p>
            <FormGroup label={t('contractRequest:instrument')} labelFor={idOf('instrument')}>
              <InputGroup id={idOf('instrument')} fill readOnly value={instrumentLabel(equipment)} />
            </FormGroup>
            <div style={half}>
              {TEXT_FIELDS.map(({ field, type }) => (
                <Fragment key={field}>
                  {group(
                    field,
                    <InputGroup
                      {...a11y(field)}
                      type={type}
                      fill
                      disabled={busy}
                      maxLength={MAX_LENGTH[field]}
                      value={draft[field]}
                      intent={intentOf(field)}
                      onValueChange={(value) => change({ [field]: value })}
                    />,
                  )}
                </Fragment>
              ))}
            </div>
            <RadioGroup
              inline
              label={t(LABELS.contactMethod)}
              selectedValue={draft.contactMethod}
              disabled={busy}
              onChange={(e) => change({ contactMethod: Number(e.currentTarget.value) as Draft['contactMethod'] })}
            >
              {METHODS.map(({ method, label }) => (
                <Radio key={method} value={method} label={t(label)} />
              ))}
            </RadioGroup>
            {group(
              'comments',
              <TextArea
                {...a11y('comments')}
                fill
                rows={4}
                disabled={busy}
                maxLength={MAX_LENGTH.comments}
                value={draft.comments}
                intent={intentOf('comments')}
                onChange={(e) => change({ comments: e.currentTarget.value })}
              />,
              t('feedback:characters_used', { used: draft.comments.length, max: MAX_LENGTH.comments }),
            )}
            {group(
              'interestedIn',
              <InputGroup
                {...a11y('interestedIn')}
                fill
                disabled={busy}
                maxLength={MAX_LENGTH.interestedIn}
                value={draft.interestedIn}
                intent={intentOf('interestedIn')}
                onValueChange={(interestedIn) => change({ interestedIn })}
              />,
              t('contractRequest:interested_in_hint'),
            )}
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text={t('cancel')} onClick={requestClose} disabled={busy} />
                <Button
                  type="submit"
                  intent={Intent.PRIMARY}
                  icon="send-message"
                  text={t('feedback:contact_send')}
                  loading={busy}
                />
              </>
            }
          />
        </form>
      </Dialog>
      <DiscardChangesAlert {...alertProps} />
    </>
  );
}
