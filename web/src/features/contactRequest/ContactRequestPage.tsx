import { useState, type FormEvent } from 'react';
import { Button, Callout, Card, FormGroup, H1, HTMLSelect, Intent, TextArea } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NoAccountContactRequest } from '../../../../contract/feedback';
import { useSystemConfig } from '../../components/config/api/systemConfig';
import { requestMoreInfo } from './api/requestMoreInfo';
import { useUnsavedData } from '../../lib/unsavedData';
import { getToaster } from '../../components/toaster';
import { PortalFooter } from '../../components/PortalFooter';
import { StandaloneMain } from '../../components/MainContent';
import { PageNonIdealState } from '../../components/PageNonIdealState';
import { CountedInput } from '../../components/inputs/LengthCounter';
import { textMaxOf } from '../../components/inputs/schemaMax';

type Field = 'firstName' | 'lastName' | 'emailAddress' | 'telephone' | 'companyName' | 'comments';
const FIELDS: Array<{ name: Field; required: boolean }> = [
  { name: 'firstName', required: true },
  { name: 'lastName', required: true },
  { name: 'emailAddress', required: true },
  { name: 'telephone', required: true },
  { name: 'companyName', required: false },
];

/** The request form for people whose account the portal does not recognise (spec 1 section 2), and its success screen. */
export function ContactRequestPage({ onBackToLogin }: { onBackToLogin: () => void }) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({
    firstName: '',
    lastName: '',
    emailAddress: '',
    telephone: '',
    companyName: '',
    comments: '',
  });
  const [countryId, setCountryId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const config = useSystemConfig(i18n.language);
  const dirty = Object.values(values).some((v) => v.trim() !== '') || countryId !== null;
  const send = useMutation({
    mutationFn: requestMoreInfo,
  });
  useUnsavedData(dirty && !send.isSuccess);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const country = config.data?.countries.find((c) => c.countryId === countryId);
    const parsed = NoAccountContactRequest.safeParse({ ...values, countryId, country: country?.name ?? null });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??=
          issue.message === 'required_field' || issue.message === 'lblEmailsWarning'
            ? t(issue.message)
            : t('invalid_value');
      }
      setErrors(found);
      void getToaster().then((toaster) =>
        toaster.show({ message: t('validation_failed_tip'), intent: Intent.WARNING }),
      );
      return;
    }
    setErrors({});
    send.mutate(parsed.data);
  };

  if (send.isSuccess) {
    return (
      <StandaloneMain className="portal-centered portal-frame">
        <Card className="portal-form-card" elevation={2}>
          <PageNonIdealState
            icon="tick-circle"
            title={t('contact_request_sent_title')}
            description={t('contact_request_sent_text')}
            action={<Button intent={Intent.PRIMARY} text={t('go_to_login')} onClick={onBackToLogin} />}
          />
        </Card>
        <PortalFooter />
      </StandaloneMain>
    );
  }

  return (
    <StandaloneMain className="portal-centered portal-frame">
      <Card className="portal-form-card" elevation={2}>
        <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button variant="minimal" icon="arrow-left" onClick={onBackToLogin} text={t('back_to_login')} />
        </div>
        <H1>{t('contact_request_title')}</H1>
        <p>{t('contact_request_intro')}</p>
        {send.isError && (
          <Callout intent={Intent.DANGER} role="alert">
            {t('errorMessage:system_error')}
          </Callout>
        )}
        <form onSubmit={submit} noValidate>
          {FIELDS.map(({ name, required }) => (
            <FormGroup
              key={name}
              label={t(`contact_${name}`)}
              labelFor={`contact-${name}`}
              labelInfo={required ? '*' : undefined}
              intent={errors[name] ? Intent.DANGER : Intent.NONE}
              helperText={errors[name]}
            >
              <CountedInput
                id={`contact-${name}`}
                maxLength={textMaxOf(NoAccountContactRequest.shape[name])}
                type={name === 'emailAddress' ? 'email' : name === 'telephone' ? 'tel' : 'text'}
                value={values[name]}
                intent={errors[name] ? Intent.DANGER : Intent.NONE}
                onValueChange={(v) => setValues((old) => ({ ...old, [name]: v }))}
              />
            </FormGroup>
          ))}
          <FormGroup label={t('contact_country')} labelFor="contact-country">
            <HTMLSelect
              id="contact-country"
              fill
              value={countryId ?? ''}
              onChange={(e) => setCountryId(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
            >
              <option value="">{t('contact_choose_country')}</option>
              {(config.data?.countries ?? []).map((c) => (
                <option key={c.countryId} value={c.countryId}>
                  {c.name}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup
            label={t('contact_comments')}
            labelFor="contact-comments"
            intent={errors.comments ? Intent.DANGER : Intent.NONE}
            helperText={errors.comments}
          >
            <TextArea
              id="contact-comments"
              fill
              rows={4}
              value={values.comments}
              onChange={(e) => setValues((old) => ({ ...old, comments: e.currentTarget.value }))}
            />
          </FormGroup>
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            fill
            loading={send.isPending}
            text={t('contact_request_send')}
          />
        </form>
      </Card>
      <PortalFooter />
    </StandaloneMain>
  );
}
