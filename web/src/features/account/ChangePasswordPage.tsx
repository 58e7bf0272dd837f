import { useState, type FormEvent } from 'react';
import { Button, Card, FormGroup, H1, InputGroup, Intent } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../../../../contract/accountManagement';
import { ErrorCode } from '../../../../contract/errors';
import { changePassword, useOwnAccountQuietly } from './api/accountDetail';
import { useCurrentSession } from '../../lib/currentUser';
import { formatDateTime } from '../../lib/dates';
import { requestErrorOf } from '../../lib/requestErrors';
import { getToaster } from '../../components/toaster';

type Field = 'oldPassword' | 'newPassword' | 'confirmPassword';
const FIELDS: readonly Field[] = ['oldPassword', 'newPassword', 'confirmPassword'];
const EMPTY: Record<Field, string> = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** The change-password page (spec 3 sections 2, 5, 7 and 8). */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, base, pages } = useCurrentSession();
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [shown, setShown] = useState(false);
  const [changedAt, setChangedAt] = useState<string | null>(null);

  // The time of the last change, when the account service answers it (the page works without it).
  const detail = useOwnAccountQuietly(user.userId);
  const lastChange = changedAt ?? detail.data?.lastPwdChange ?? null;

  const messages: Record<string, string> = {
    required_field: t('required_field'),
    password_not_match: t('password_not_match'),
    'userManagement:Mix_letters_numbers': t('Mix_letters_numbers'),
  };
  const parsed = ChangePasswordForm.safeParse({ ...values, userEmail: user.emailAddress });
  const clientErrors: Partial<Record<Field, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      if (FIELDS.includes(field)) clientErrors[field] ??= messages[issue.message] ?? t('invalid_value');
    }
  }
  const errorOf = (field: Field) => serverErrors[field] ?? (touched[field] ? clientErrors[field] : undefined);
  const hasErrors = !parsed.success || Object.values(serverErrors).some(Boolean);

  const save = useMutation({
    mutationFn: () =>
      changePassword({
        oldPassword: values.oldPassword,
        newPassword: values.newPassword,
        userEmail: user.emailAddress,
      }),
    onSuccess: (result) => {
      setChangedAt(result.lastPwdChange);
      setValues(EMPTY);
      setTouched({});
      void getToaster().then((toaster) => toaster.show({ message: t('password_updated'), intent: Intent.SUCCESS }));
    },
    onError: (e) => {
      const error = requestErrorOf(e);
      if (error.kind !== 'api') return;
      if (error.errorCode === ErrorCode.WrongOldPassword) setServerErrors({ oldPassword: t('wrong_old_password') });
      if (error.errorCode === ErrorCode.WeakNewPassword) setServerErrors({ newPassword: t('weak_new_password') });
    },
  });

  const edit = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((v) => ({ ...v, [field]: true }));
    setServerErrors((v) => ({ ...v, [field]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched({ oldPassword: true, newPassword: true, confirmPassword: true });
    if (!hasErrors && !save.isPending) save.mutate();
  };

  const back = () => {
    const state = window.history.state as { idx?: number } | null;
    if (state?.idx && state.idx > 0) navigate(-1);
    // Spec 3 "Change password": the last page, else the products (admin mode has none: its welcome page).
    else navigate(pages.includes('product') ? `${base}/product` : `${base}/welcome`);
  };

  const labels: Record<Field, string> = {
    oldPassword: t('old_password'),
    newPassword: t('new_password'),
    confirmPassword: t('confirm_password'),
  };
  const autoComplete: Record<Field, string> = {
    oldPassword: 'current-password',
    newPassword: 'new-password',
    confirmPassword: 'new-password',
  };

  return (
    <div className="portal-centered">
      <Card className="portal-form-card" elevation={2}>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Button variant="minimal" icon="arrow-left" text={t('back')} onClick={back} />
          <Button
            variant="minimal"
            icon={shown ? 'eye-off' : 'eye-open'}
            text={shown ? t('hide_password') : t('show_password')}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          />
        </div>
        <H1>{t('change_password')}</H1>
        <p>
          {t('password_last_changed')}: {lastChange ? formatDateTime(lastChange) : '–'}
        </p>
        <form onSubmit={submit} noValidate>
          {FIELDS.map((field) => {
            const error = errorOf(field);
            return (
              <FormGroup
                key={field}
                label={labels[field]}
                labelFor={`password-${field}`}
                labelInfo="*"
                intent={error ? Intent.DANGER : Intent.NONE}
                helperText={error}
              >
                <InputGroup
                  id={`password-${field}`}
                  type={shown ? 'text' : 'password'}
                  autoComplete={autoComplete[field]}
                  value={values[field]}
                  onValueChange={(value) => edit(field, value)}
                  onBlur={() => setTouched((v) => ({ ...v, [field]: true }))}
                  intent={error ? Intent.DANGER : Intent.NONE}
                  aria-invalid={error ? true : undefined}
                />
              </FormGroup>
            );
          })}
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            text={t('password_update')}
            disabled={hasErrors}
            loading={save.isPending}
          />
        </form>
      </Card>
    </div>
  );
}
