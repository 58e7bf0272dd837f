import { useState, type FormEvent } from 'react';
import { Button, Callout, Card, FormGroup, H1, InputGroup, Intent } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { LoggedInUser } from '../../../../contract/users';
import { signIn } from './api/session';
import { RequestFailure, requestErrorOf } from '../../lib/requestErrors';
import { StandaloneMain } from '../../components/MainContent';

export interface LoginPageProps {
  onSignedIn: (user: LoggedInUser) => void;
}

function failureMessage(error: unknown, t: (key: string, opts?: Record<string, unknown>) => string): string {
  const e = requestErrorOf(error);
  if (e.kind === 'api') return t(`errorMessage:error_msg_${e.errorCode}`, { defaultValue: e.errorMessage ?? '' });
  if (e.kind === 'http' && e.status === 429) {
    const minutes = Math.max(1, Math.ceil((e.retryAfter ?? 60) / 60));
    return t('errorMessage:login_locked', { count: minutes, minutes });
  }
  if (e.kind === 'network') return t('errorMessage:network_error');
  return t('errorMessage:system_error');
}

export function LoginPage({ onSignedIn }: LoginPageProps) {
  const { t } = useTranslation();
  const [emailAddress, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const login = useMutation({
    mutationFn: () => signIn(emailAddress.trim(), password),
    onSuccess: onSignedIn,
  });

  const emailMissing = touched && emailAddress.trim() === '';
  const passwordMissing = touched && password === '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (emailAddress.trim() === '' || password === '') return;
    login.mutate();
  };

  return (
    <StandaloneMain className="portal-centered">
      <Card className="portal-form-card" elevation={2}>
        <H1>{t('login_title')}</H1>
        <p>{t('login_subtitle')}</p>
        {login.isError && !(login.error instanceof RequestFailure && login.error.error.kind === 'aborted') && (
          <Callout intent={Intent.DANGER} role="alert" icon="error">
            {failureMessage(login.error, t)}
          </Callout>
        )}
        <form onSubmit={submit} noValidate style={{ marginTop: 16 }}>
          <FormGroup
            label={t('email_address')}
            labelFor="login-email"
            intent={emailMissing ? Intent.DANGER : Intent.NONE}
            helperText={emailMissing ? t('required_field') : undefined}
          >
            <InputGroup
              id="login-email"
              type="email"
              autoComplete="username"
              value={emailAddress}
              onValueChange={setEmail}
              intent={emailMissing ? Intent.DANGER : Intent.NONE}
            />
          </FormGroup>
          <FormGroup
            label={t('password')}
            labelFor="login-password"
            intent={passwordMissing ? Intent.DANGER : Intent.NONE}
            helperText={passwordMissing ? t('required_field') : undefined}
          >
            <InputGroup
              id="login-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onValueChange={setPassword}
              intent={passwordMissing ? Intent.DANGER : Intent.NONE}
            />
          </FormGroup>
          <Button type="submit" intent={Intent.PRIMARY} fill loading={login.isPending} text={t('sign_in')} />
        </form>
        <p style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to="/contactRequest">{t('login_request_access')}</Link>
        </p>
      </Card>
    </StandaloneMain>
  );
}
