import { Fragment, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Intent, Radio, RadioGroup, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FieldMessages } from '../../lib/failureMessage';
import { FieldGroup, problemIdOf } from '../FieldGroup';
import { showToast } from '../showToast';
import { CountedInput } from '../inputs/LengthCounter';
import { CONTACT_METHODS, firstInvalid, visibleErrors, type ContactDraft } from './requestForm';

/**
 * The field side of a request form: each field's id, label, required mark and problem, shown once the field was left
 * and for all fields once the user tried to send; sending with problems toasts validation_failed_tip and moves the
 * focus to the first field to correct.
 */
export function useRequestForm<F extends string>(opts: {
  fields: readonly F[];
  labels: Record<F, string>;
  required: ReadonlySet<F>;
  /** Every problem of the draft as it is now. */
  found: FieldMessages<F>;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const [touched, setTouched] = useState<ReadonlySet<F>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const errors = visibleErrors(opts.found, touched, submitted);
  const idOf = (field: F | 'subject') => `${ids}-${field}`;
  const leave = (field: F) => setTouched((old) => (old.has(field) ? old : new Set(old).add(field)));

  return {
    idOf,
    intentOf: (field: F) => (errors[field] ? Intent.DANGER : Intent.NONE),
    /** The accessibility attributes and blur handling of a field's control. */
    a11y: (field: F) => ({
      id: idOf(field),
      'aria-invalid': !!errors[field],
      'aria-required': opts.required.has(field),
      'aria-describedby': errors[field] ? problemIdOf(idOf(field)) : undefined,
      onBlur: () => leave(field),
    }),
    group: (field: F, control: ReactNode, hint?: string) => (
      <FieldGroup
        controlId={idOf(field)}
        label={t(opts.labels[field])}
        required={opts.required.has(field)}
        problem={errors[field]}
        hint={hint}
      >
        {control}
      </FieldGroup>
    ),
    /** The form's submit handler: calls send only when the draft has no problem. */
    submit: (send: () => void, busy: boolean) => (e: FormEvent) => {
      e.preventDefault();
      if (busy) return;
      setSubmitted(true);
      const first = firstInvalid(opts.found, opts.fields);
      if (first) {
        showToast(t('validation_failed_tip'), Intent.WARNING);
        // Keyboard and screen-reader users land on the first field to correct.
        document.getElementById(idOf(first))?.focus();
        return;
      }
      send();
    },
  };
}

export type RequestForm<F extends string> = ReturnType<typeof useRequestForm<F>>;

/** How the requester wants to be contacted: phone, e-mail or see comments (spec 2 section 3). */
export function ContactMethodField({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: ContactDraft['contactMethod'];
  disabled: boolean;
  onChange(method: ContactDraft['contactMethod']): void;
}) {
  const { t } = useTranslation();
  return (
    <RadioGroup
      inline
      label={label}
      selectedValue={value}
      disabled={disabled}
      onChange={(e) => onChange(Number(e.currentTarget.value) as ContactDraft['contactMethod'])}
    >
      {CONTACT_METHODS.map(({ method, label: key }) => (
        <Radio key={method} value={method} label={t(key)} />
      ))}
    </RadioGroup>
  );
}

/** The comments box with its character counter. */
export function CommentsField<F extends string>({
  form,
  field,
  value,
  max,
  disabled,
  onChange,
}: {
  form: RequestForm<F>;
  field: F;
  value: string;
  max: number;
  disabled: boolean;
  onChange(value: string): void;
}) {
  const { t } = useTranslation();
  return form.group(
    field,
    <TextArea
      {...form.a11y(field)}
      fill
      rows={4}
      disabled={disabled}
      maxLength={max}
      value={value}
      intent={form.intentOf(field)}
      onChange={(e) => onChange(e.currentTarget.value)}
    />,
    t('feedback:characters_used', { used: value.length, max }),
  );
}

/** One-line text fields, each with its label, limit and problem. */
export function TextFields<F extends string>({
  form,
  fields,
  values,
  max,
  disabled,
  onChange,
}: {
  form: RequestForm<F>;
  fields: ReadonlyArray<{ field: F; type: string }>;
  values: Readonly<Partial<Record<F, string>>>;
  max: Readonly<Partial<Record<F, number>>>;
  disabled: boolean;
  onChange(field: F, value: string): void;
}) {
  return fields.map(({ field, type }) => (
    <Fragment key={field}>
      {form.group(
        field,
        <CountedInput
          {...form.a11y(field)}
          type={type}
          fill
          disabled={disabled}
          maxLength={max[field]}
          value={values[field] ?? ''}
          intent={form.intentOf(field)}
          onValueChange={(value) => onChange(field, value)}
        />,
      )}
    </Fragment>
  ));
}
