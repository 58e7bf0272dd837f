import { Fragment, useState } from 'react';
import { Intent } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../showToast';
import { CountedInput } from '../inputs/LengthCounter';
import { REQUEST_FIELD_COLUMNS, RequestDialog } from '../requestForm/RequestDialog';
import { CommentsField, ContactMethodField, TextFields, useRequestForm } from '../requestForm/useRequestForm';
import { requestContract } from './api/requestContract';
import { useCurrentSession } from '../../lib/currentUser';
import { failureMessage } from '../../lib/failureMessage';
import { handOverSessionErrors } from '../../lib/sessionHandOver';
import {
  FIELDS,
  initialDraft,
  instrumentLabel,
  isDirty,
  MAX_LENGTH,
  requestOf,
  SEND_FAILURES,
  validate,
  type ContractInstrument,
  type Draft,
  type Field,
} from './contractTeamForm';

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
  additionalSolutionsFor: 'contractRequest:additional_solutions_for',
};

/** The optional free-text fields below the comments, each with its hint. */
const OPTIONAL_TEXT = [
  { field: 'interestedIn', hint: 'contractRequest:interested_in_hint' },
  { field: 'additionalSolutionsFor', hint: 'contractRequest:additional_solutions_for_hint' },
] as const;

const REQUIRED: ReadonlySet<Field> = new Set(['firstName', 'lastName', 'emailAddress', 'telephone']);

/**
 * Contact the contract team (spec 2 "Modals", sections 3 and 5): the instrument read-only, the requester's details
 * prefilled from the signed-in user, how to get in touch, comments and what they are interested in. Checked by the
 * contract's rules on send and once a field is left; a failed send keeps what was typed; closing with changes asks.
 */
export function ContractTeamDialog({ equipment, onClose }: { equipment: ContractInstrument; onClose(): void }) {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const [initial] = useState(() => initialDraft(user));
  const [draft, setDraft] = useState<Draft>(initial);

  const send = useMutation({
    mutationFn: requestContract,
    onSuccess: () => {
      showToast(t('contractRequest:sent_toast'), Intent.SUCCESS);
      onClose();
    },
    onError: handOverSessionErrors,
  });
  const busy = send.isPending;
  const form = useRequestForm({
    fields: FIELDS,
    labels: LABELS,
    required: REQUIRED,
    found: validate(draft, equipment),
  });
  const change = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  return (
    <RequestDialog
      title={t('contractRequest:title')}
      icon="annotation"
      intro={t('contractRequest:intro')}
      subject={{ id: form.idOf('subject'), label: t('contractRequest:instrument'), value: instrumentLabel(equipment) }}
      problem={send.isError ? failureMessage(send.error, SEND_FAILURES) : null}
      busy={busy}
      dirty={isDirty(draft, initial)}
      onClose={onClose}
      onSubmit={form.submit(() => send.mutate(requestOf(draft, equipment)), busy)}
    >
      <div style={REQUEST_FIELD_COLUMNS}>
        <TextFields
          form={form}
          fields={TEXT_FIELDS}
          values={draft}
          max={MAX_LENGTH}
          disabled={busy}
          onChange={(field, value) => change({ [field]: value })}
        />
      </div>
      <ContactMethodField
        label={t(LABELS.contactMethod)}
        value={draft.contactMethod}
        disabled={busy}
        onChange={(contactMethod) => change({ contactMethod })}
      />
      <CommentsField
        form={form}
        field="comments"
        value={draft.comments}
        max={MAX_LENGTH.comments}
        disabled={busy}
        onChange={(comments) => change({ comments })}
      />
      {OPTIONAL_TEXT.map(({ field, hint }) => (
        <Fragment key={field}>
          {form.group(
            field,
            <CountedInput
              {...form.a11y(field)}
              fill
              disabled={busy}
              maxLength={MAX_LENGTH[field]}
              value={draft[field]}
              intent={form.intentOf(field)}
              onValueChange={(value) => change({ [field]: value })}
            />,
            t(hint),
          )}
        </Fragment>
      ))}
    </RequestDialog>
  );
}
