import { useId, useState, type FormEvent } from 'react';
import { Button, Callout, Classes, H2, Intent } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CUSTOMER_FIELD_LABELS,
  FieldLabelInput,
  type Customer,
  type CustomerFieldLabels,
  type CustomerLabelKey,
} from '../../../../contract/customers';
import { CUSTOMER_FIELD_LABEL_MAX } from '../../../../contract/limits';
import { FieldGroup, problemIdOf } from '../../components/FieldGroup';
import { CountedInput } from '../../components/inputs/LengthCounter';
import { RemoteSuggest } from '../../components/RemoteSuggest';
import { showToast } from '../../components/showToast';
import { failureMessage } from '../../lib/failureMessage';
import { onboardingKeys, saveCustomerFieldLabels, searchCustomers } from './api/onboarding';

const KEYS = Object.keys(CUSTOMER_FIELD_LABELS) as CustomerLabelKey[];
type Draft = Record<CustomerLabelKey, string>;

const draftOf = (customer: CustomerFieldLabels | null): Draft =>
  Object.fromEntries(KEYS.map((key) => [key, customer?.[key] ?? ''])) as Draft;

/** The message key of a label's problem, or undefined when the label is good. */
function problemOf(value: string): string | undefined {
  const checked = FieldLabelInput.safeParse(value);
  if (checked.success) return undefined;
  return checked.error.issues.some((i) => i.code === 'too_big') ? 'label_too_long' : 'customer_label_invalid';
}

/**
 * A customer's own names of the asset id and general 1 to 3 (spec 1 section 3 "Customer"), set by provider staff:
 * pick the customer, edit the four labels, save. Blank keeps the standard name.
 */
export function CustomerLabelsSection() {
  const { t } = useTranslation();
  const id = useId();
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(null));
  const [tried, setTried] = useState(false);
  const save = useMutation({
    mutationFn: (target: Customer) => saveCustomerFieldLabels(target.id, draft),
    onSuccess: (saved) => {
      setCustomer(saved);
      setDraft(draftOf(saved));
      setTried(false);
      showToast(t('onboarding:labels_saved', { customer: saved.name }), Intent.SUCCESS);
    },
  });
  const problems = Object.fromEntries(KEYS.map((key) => [key, problemOf(draft[key])])) as Record<
    CustomerLabelKey,
    string | undefined
  >;
  const dirty = customer !== null && KEYS.some((key) => draft[key].trim() !== (customer[key] ?? ''));

  const choose = (next: Customer | null) => {
    setCustomer(next);
    setDraft(draftOf(next));
    setTried(false);
    save.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!customer) return;
    setTried(true);
    if (KEYS.some((key) => problems[key])) {
      showToast(t('validation_failed_tip'), Intent.WARNING);
      document.getElementById(`${id}-${KEYS.find((key) => problems[key])}`)?.focus();
      return;
    }
    save.mutate(customer);
  };

  const failure = save.error ? failureMessage(save.error, { failed: { key: 'onboarding:labels_save_failed' } }) : null;
  return (
    <section className="onboarding-labels" aria-labelledby={`${id}-title`}>
      <H2 id={`${id}-title`}>{t('onboarding:labels_title')}</H2>
      <p className={Classes.TEXT_MUTED}>{t('onboarding:labels_intro')}</p>
      <form onSubmit={submit} noValidate>
        <FieldGroup controlId={`${id}-customer`} label={t('onboarding:labels_customer')}>
          <RemoteSuggest<Customer>
            id={`${id}-customer`}
            value={customer}
            onChange={choose}
            search={searchCustomers}
            queryKey={onboardingKeys.customers()}
            itemKey={(c) => c.id}
            itemText={(c) => c.name}
            itemLabel={(c) => c.customerIdentifier}
            inputValue={(c) => `${c.name} (${c.customerIdentifier})`}
            placeholder={t('onboarding:labels_customer_placeholder')}
            texts={{
              loading: t('onboarding:labels_searching'),
              noResults: t('onboarding:labels_none_found'),
              failed: t('onboarding:labels_search_failed'),
              clear: t('onboarding:labels_clear'),
            }}
            resetOnClose
          />
        </FieldGroup>
        {KEYS.map((key) => {
          const field = CUSTOMER_FIELD_LABELS[key];
          const controlId = `${id}-${key}`;
          const problem = tried || draft[key] ? problems[key] : undefined;
          return (
            <FieldGroup
              key={key}
              controlId={controlId}
              label={t(`equipmentForm:field_${field}`)}
              problem={
                problem ? { key: `onboarding:${problem}`, values: { max: CUSTOMER_FIELD_LABEL_MAX } } : undefined
              }
            >
              <CountedInput
                id={controlId}
                value={draft[key]}
                onValueChange={(value) => setDraft((d) => ({ ...d, [key]: value }))}
                disabled={!customer || save.isPending}
                maxLength={CUSTOMER_FIELD_LABEL_MAX}
                placeholder={t(`equipmentForm:field_${field}`)}
                intent={problem ? Intent.DANGER : Intent.NONE}
                aria-invalid={problem !== undefined}
                aria-describedby={problem ? problemIdOf(controlId) : undefined}
                // A counter on a disabled input would be unreadable: it shows once a customer is chosen.
                hideCounter={!customer || save.isPending}
              />
            </FieldGroup>
          );
        })}
        {failure && (
          <Callout intent={Intent.DANGER} role="alert">
            {t(failure.key, failure.values)}
          </Callout>
        )}
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          text={t('onboarding:labels_save')}
          disabled={!dirty}
          loading={save.isPending}
        />
      </form>
    </section>
  );
}
