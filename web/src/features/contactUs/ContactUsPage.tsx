import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  Callout,
  Card,
  Classes,
  FormGroup,
  H1,
  H2,
  HTMLSelect,
  Icon,
  InputGroup,
  Intent,
  NonIdealState,
  Radio,
  RadioCard,
  RadioGroup,
  Spinner,
  TextArea,
  type IconName,
} from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Country } from '../../../../contract/configuration';
import {
  CALL_TIME_SLOTS,
  CONTACT_CHALLENGES,
  CONTACT_METHOD,
  CONTACT_TIMELINES,
  CONTACT_TYPE,
  CONTACT_US_REFUSAL,
  INSTRUMENT_COUNT_OPTIONS,
  SUPPORT_CATEGORIES,
} from '../../../../contract/feedback';
import { showToast as toast } from '../../components/showToast';
import { SubmitProblemCallout } from '../../components/SubmitProblemCallout';
import { useSystemConfig } from '../../components/config/api/systemConfig';
import { sendContactUs } from './api/contactUs';
import { useCurrentSession } from '../../lib/currentUser';
import { handOverSessionErrors } from '../../lib/sessionHandOver';
import { failureMessage, fieldMessagesOf, generalMessageOf, type FailureRules } from '../../lib/failureMessage';
import { useUnsavedData } from '../../lib/unsavedData';
import {
  initialDraft,
  isDirty,
  MAX_LENGTH,
  requestOf,
  requiredFields,
  validate,
  withContactMethod,
  type Draft,
  type Field,
  type FieldErrors,
  type Me,
} from './contactUsDraft';
import { FieldGroup, problemIdOf } from '../../components/FieldGroup';
import { CountedInput } from '../../components/inputs/LengthCounter';

const TYPES: ReadonlyArray<{ type: number; key: string; icon: IconName }> = [
  { type: CONTACT_TYPE.Sales, key: 'sales', icon: 'shopping-cart' },
  { type: CONTACT_TYPE.InstrumentRelocation, key: 'relocation', icon: 'truck' },
  { type: CONTACT_TYPE.TechnicalSupport, key: 'support', icon: 'wrench' },
];

const METHODS: ReadonlyArray<{ method: number; key: string }> = [
  { method: CONTACT_METHOD.Email, key: 'method_email' },
  { method: CONTACT_METHOD.Phone, key: 'method_phone' },
  { method: CONTACT_METHOD.SeeComments, key: 'method_see_comments' },
];

/** `08:00-10:00` -> the label key feedback:call_time_0800_1000. */
const callTimeKey = (slot: string) => `feedback:call_time_${slot.replace(/:/g, '').replace('-', '_')}`;

const today = () => new Date().toISOString().slice(0, 10);

const SEND_FAILURES: FailureRules<Field> = {
  failed: { key: 'feedback:send_failed' },
  refused: { key: 'feedback:send_refused' },
  byRefusal: { [CONTACT_US_REFUSAL.unknownCountry]: { key: CONTACT_US_REFUSAL.unknownCountry, field: 'countryId' } },
};

/**
 * /app/contactUs (spec 3 sections 2, 3, 5 and 7): a sales, instrument-relocation or technical-support request with
 * the fields each type needs, how to get in touch, and useful links. The country list comes from the configuration.
 */
export function ContactUsPage() {
  const { t, i18n } = useTranslation();
  const config = useSystemConfig(i18n.language, { staleTime: Infinity });
  return (
    <div className="portal-page">
      <H1>{t('feedback:contact_title')}</H1>
      <p className={Classes.TEXT_MUTED}>{t('feedback:contact_intro')}</p>
      <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <div style={{ flex: '1 1 520px', maxWidth: 820 }}>
          {config.isPending ? (
            <Card>
              <div role="status" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                <Spinner size={16} /> <span>{t('feedback:form_loading')}</span>
              </div>
            </Card>
          ) : (
            <ContactUsForm
              countries={config.data?.countries ?? []}
              countriesFailed={config.isError}
              onRetryCountries={() => void config.refetch()}
            />
          )}
        </div>
        <UsefulLinks />
      </div>
    </div>
  );
}

function UsefulLinks() {
  const { t } = useTranslation();
  const { base, pages } = useCurrentSession();
  const links = [
    { path: 'product', icon: 'lab-test' as const, label: t('feedback:link_products') },
    { path: 'feedback', icon: 'comment' as const, label: t('feedback:link_feedback') },
    { path: 'FAQ', icon: 'help' as const, label: t('feedback:link_faq') },
  ].filter((l) => pages.includes(l.path));
  if (links.length === 0) return null;
  return (
    <Card style={{ flex: '0 1 260px' }}>
      <nav aria-labelledby="contact-useful-links">
        <H2 className="portal-heading-4" id="contact-useful-links">
          {t('feedback:useful_links')}
        </H2>
        <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {links.map((l) => (
            <li key={l.path} style={{ display: 'flex', gap: 8, alignItems: 'center', padding: '6px 0' }}>
              <Icon icon={l.icon} aria-hidden />
              <Link to={`${base}/${l.path}`}>{l.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </Card>
  );
}

interface ContactUsFormProps {
  countries: Country[];
  countriesFailed: boolean;
  onRetryCountries(): void;
}

function ContactUsForm({ countries, countriesFailed, onRetryCountries }: ContactUsFormProps) {
  const { t } = useTranslation();
  const { user, base, pages } = useCurrentSession();
  const ids = useId();
  const idOf = (field: Field) => `${ids}-${field}`;
  const me: Me = {
    firstName: user.firstName,
    lastName: user.lastName,
    emailAddress: user.emailAddress,
    officePhone: user.officePhone,
    companyName: user.userLocation.customer.name,
  };
  const [initial, setInitial] = useState(() =>
    initialDraft(me, countries.find((c) => c.countryCode === user.userLocation.countryCode)?.countryId ?? null),
  );
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const countryName = countries.find((c) => c.countryId === draft.countryId)?.name ?? null;

  const send = useMutation({
    mutationFn: sendContactUs,
    onSuccess: () => toast(t('feedback:contact_sent_toast'), Intent.SUCCESS),
    onError: (e) => {
      handOverSessionErrors(e);
      const found = failureMessage(e, SEND_FAILURES);
      if (found?.field) setErrors(fieldMessagesOf(found));
    },
  });
  const busy = send.isPending;
  useUnsavedData(isDirty(draft, initial) && !send.isSuccess);

  const change = (patch: Partial<Draft>, ...cleared: Field[]) => {
    setDraft((d) => ({ ...d, ...patch }));
    const fields = cleared.length > 0 ? cleared : (Object.keys(patch) as Field[]);
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([f]) => !fields.includes(f as Field))));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = validate(draft, countryName);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast(t('validation_failed_tip'), Intent.WARNING);
      // Keyboard and screen-reader users land on the first field to correct.
      const first = (Object.keys(found) as Field[])[0]!;
      document.getElementById(first === 'type' ? `${idOf('type')}-first` : idOf(first))?.focus();
      return;
    }
    send.mutate(requestOf(draft, countryName));
  };

  const startOver = () => {
    const fresh = initialDraft(me, initial.countryId);
    setInitial(fresh);
    setDraft(fresh);
    setErrors({});
    send.reset();
  };

  if (send.isSuccess) {
    return (
      <Card>
        <NonIdealState
          icon="tick-circle"
          title={t('feedback:contact_sent_title')}
          description={t('feedback:contact_sent_text')}
          action={
            <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', justifyContent: 'center' }}>
              <Button intent={Intent.PRIMARY} text={t('feedback:contact_send_more')} onClick={startOver} />
              {pages.includes('product') && (
                <Link className={Classes.BUTTON} to={`${base}/product`}>
                  {t('feedback:link_products')}
                </Link>
              )}
            </div>
          }
        />
      </Card>
    );
  }

  const required = requiredFields(draft);
  const general = send.isError ? generalMessageOf(failureMessage(send.error, SEND_FAILURES)) : null;
  const errorId = (field: Field) => problemIdOf(idOf(field));
  const intentOf = (field: Field) => (errors[field] ? Intent.DANGER : Intent.NONE);
  const a11y = (field: Field) => ({
    id: idOf(field),
    'aria-invalid': !!errors[field],
    'aria-required': required.has(field),
    'aria-describedby': errors[field] ? errorId(field) : undefined,
  });
  const group = (field: Field, label: string, control: ReactNode, hint?: string) => (
    <FieldGroup
      controlId={idOf(field)}
      label={label}
      required={required.has(field)}
      problem={errors[field]}
      hint={hint}
    >
      {control}
    </FieldGroup>
  );
  const textInput = (field: Field & keyof Draft, label: string, type = 'text', hint?: string) =>
    group(
      field,
      label,
      <CountedInput
        {...a11y(field)}
        type={type}
        fill
        disabled={busy}
        maxLength={MAX_LENGTH[field]}
        value={String(draft[field] ?? '')}
        intent={intentOf(field)}
        onValueChange={(value) => change({ [field]: value } as Partial<Draft>)}
      />,
      hint,
    );
  const numberSelect = (field: 'challenge' | 'timeline' | 'category', label: string, codes: readonly string[]) =>
    group(
      field,
      label,
      <HTMLSelect
        {...a11y(field)}
        fill
        disabled={busy}
        value={draft[field] ?? ''}
        onChange={(e) =>
          change({ [field]: e.currentTarget.value ? Number(e.currentTarget.value) : null } as Partial<Draft>)
        }
      >
        <option value="">{t('feedback:choose')}</option>
        {codes.map((code, i) => (
          <option key={code} value={i + 1}>
            {t(`feedback:${field}_${code}`)}
          </option>
        ))}
      </HTMLSelect>,
    );
  const half = { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', columnGap: 16 };

  return (
    <Card>
      <form onSubmit={submit} noValidate aria-label={t('feedback:contact_title')}>
        <FormGroup
          intent={intentOf('type')}
          helperText={
            errors.type && (
              <span id={errorId('type')} role="alert">
                {t(errors.type.key)}
              </span>
            )
          }
        >
          <div id={idOf('type')} className={Classes.LABEL}>
            {t('feedback:contact_type')} <span className={Classes.TEXT_MUTED}>*</span>
          </div>
          <RadioGroup
            selectedValue={draft.type ?? undefined}
            disabled={busy}
            onChange={(e) => change({ type: Number(e.currentTarget.value) })}
            aria-labelledby={idOf('type')}
            aria-describedby={errors.type ? errorId('type') : undefined}
            style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: 12 }}
          >
            {TYPES.map(({ type, key, icon }, index) => (
              <RadioCard
                key={type}
                value={type}
                inputProps={index === 0 ? { id: `${idOf('type')}-first` } : undefined}
                style={{ margin: 0 }}
              >
                <strong style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
                  <Icon icon={icon} aria-hidden /> {t(`feedback:type_${key}`)}
                </strong>
                <span className={Classes.TEXT_MUTED} style={{ display: 'block', marginTop: 4 }}>
                  {t(`feedback:type_${key}_text`)}
                </span>
              </RadioCard>
            ))}
          </RadioGroup>
        </FormGroup>

        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className={Classes.HEADING} style={{ fontSize: 16, marginBottom: 10 }}>
            {t('feedback:your_details')}
          </legend>
          <div style={half}>
            {textInput('firstName', t('feedback:first_name'))}
            {textInput('lastName', t('feedback:last_name'))}
            {textInput('companyName', t('feedback:company'))}
            {group(
              'countryId',
              t('feedback:country'),
              <HTMLSelect
                {...a11y('countryId')}
                fill
                disabled={busy}
                value={draft.countryId ?? ''}
                onChange={(e) => change({ countryId: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
              >
                <option value="">{t('feedback:choose_country')}</option>
                {countries.map((c) => (
                  <option key={c.countryId} value={c.countryId}>
                    {c.name}
                  </option>
                ))}
              </HTMLSelect>,
            )}
          </div>
          {countriesFailed && (
            <Callout intent={Intent.WARNING} role="alert" style={{ marginBottom: 15 }}>
              {t('feedback:countries_failed')}{' '}
              <Button variant="minimal" size="small" text={t('retry')} onClick={onRetryCountries} />
            </Callout>
          )}
        </fieldset>

        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className={Classes.HEADING} style={{ fontSize: 16, marginBottom: 10 }}>
            {t('feedback:how_to_contact')}
          </legend>
          <RadioGroup
            inline
            label={t('feedback:contact_method')}
            selectedValue={draft.contactMethod}
            disabled={busy}
            onChange={(e) => {
              const method = Number(e.currentTarget.value);
              setDraft((d) => withContactMethod(d, method, me));
              setErrors(
                ({ contactMethod: _m, emailAddress: _e, telephone: _p, callTime: _c, comments: _o, ...rest }) => rest,
              );
            }}
          >
            {METHODS.map(({ method, key }) => (
              <Radio key={method} value={method} label={t(`feedback:${key}`)} />
            ))}
          </RadioGroup>
          <div style={half}>
            {textInput('emailAddress', t('feedback:email'), 'email')}
            {textInput('telephone', t('feedback:telephone'), 'tel')}
            {group(
              'callTime',
              t('feedback:call_time'),
              <HTMLSelect
                {...a11y('callTime')}
                fill
                disabled={busy}
                value={draft.callTime}
                onChange={(e) => change({ callTime: e.currentTarget.value as Draft['callTime'] })}
              >
                <option value="">{t('feedback:choose')}</option>
                {CALL_TIME_SLOTS.map((slot) => (
                  <option key={slot} value={slot}>
                    {t(callTimeKey(slot))}
                  </option>
                ))}
              </HTMLSelect>,
            )}
          </div>
        </fieldset>

        {draft.type !== null && (
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <legend className={Classes.HEADING} style={{ fontSize: 16, marginBottom: 10 }}>
              {t(`feedback:type_${TYPES.find((x) => x.type === draft.type)!.key}_details`)}
            </legend>
            {draft.type === CONTACT_TYPE.Sales && (
              <>
                <div style={half}>
                  {numberSelect('challenge', t('feedback:challenge'), CONTACT_CHALLENGES)}
                  {numberSelect('timeline', t('feedback:timeline'), CONTACT_TIMELINES)}
                </div>
                {textInput('requestQuote', t('feedback:request_quote'), 'text', t('feedback:request_quote_hint'))}
              </>
            )}
            {draft.type === CONTACT_TYPE.InstrumentRelocation && (
              <div style={half}>
                {group(
                  'instruments',
                  t('feedback:instruments'),
                  <HTMLSelect
                    {...a11y('instruments')}
                    fill
                    disabled={busy}
                    value={draft.instruments}
                    onChange={(e) => change({ instruments: e.currentTarget.value as Draft['instruments'] })}
                  >
                    <option value="">{t('feedback:choose')}</option>
                    {INSTRUMENT_COUNT_OPTIONS.map((count) => (
                      <option key={count} value={count}>
                        {count}
                      </option>
                    ))}
                  </HTMLSelect>,
                )}
                {group(
                  'moveDate',
                  t('feedback:move_date'),
                  <InputGroup
                    {...a11y('moveDate')}
                    type="date"
                    fill
                    min={today()}
                    disabled={busy}
                    value={draft.moveDate}
                    intent={intentOf('moveDate')}
                    onValueChange={(moveDate) => change({ moveDate })}
                  />,
                )}
                {textInput('location', t('feedback:current_location'))}
                {textInput('relocation', t('feedback:new_location'))}
              </div>
            )}
            {draft.type === CONTACT_TYPE.TechnicalSupport && (
              <div style={half}>
                {numberSelect('category', t('feedback:category'), SUPPORT_CATEGORIES)}
                {textInput('model', t('feedback:model'), 'text', t('feedback:model_hint'))}
              </div>
            )}
          </fieldset>
        )}

        {group(
          'comments',
          t('feedback:comments'),
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
          t('feedback:characters_used', { used: draft.comments.length, max: MAX_LENGTH.comments ?? 0 }),
        )}

        <SubmitProblemCallout message={general} style={{ marginBottom: 15 }} />
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon="send-message"
          loading={busy}
          text={t('feedback:contact_send')}
        />
      </form>
    </Card>
  );
}
