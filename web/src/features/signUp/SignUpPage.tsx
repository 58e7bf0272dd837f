import { useState, type FormEvent } from 'react';
import { Button, Card, FormGroup, H1, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { PageNonIdealState } from '../../components/PageNonIdealState';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { InvitationAcceptRequest, InvitationToken, SignUpForm } from '../../../../contract/account';
import { CountedInput } from '../../components/inputs/LengthCounter';
import { textMaxOf } from '../../components/inputs/schemaMax';
import { ErrorCode, type UiMessage } from '../../../../contract/errors';
import type { LoggedInUser } from '../../../../contract/users';
import { SubmitProblemCallout } from '../../components/SubmitProblemCallout';
import { acceptInvitation, endSession, useInvitationCheck } from './api/invitation';
import { announce } from '../../lib/crossTab';
import { requestErrorOf } from '../../lib/requestErrors';
import { failureMessage, type FailureRules } from '../../lib/failureMessage';
import { StandaloneMain } from '../../components/MainContent';

export type SignUpPageProps =
  /** Signed out: `onSignedIn` once the account is set up and signed in. */
  | { onSignedIn(user: LoggedInUser): void; signedInAs?: undefined }
  /** The browser is already signed in (as this user): the link can be used only after signing out. */
  | { signedInAs: LoggedInUser; onSignedIn?: undefined };

type Field = 'firstName' | 'lastName' | 'password' | 'confirmPassword';
const FIELDS: readonly Field[] = ['firstName', 'lastName', 'password', 'confirmPassword'];
const EMPTY: Record<Field, string> = { firstName: '', lastName: '', password: '', confirmPassword: '' };

/** The secret of the invitation link: in the fragment (`#token=…`), which the browser never sends to a server. */
const tokenOf = (hash: string) => {
  const parsed = InvitationToken.safeParse(new URLSearchParams(hash.replace(/^#/, '')).get('token'));
  return parsed.success ? parsed.data : null;
};

const isInvalidLink = (e: unknown) => {
  const error = requestErrorOf(e);
  return error.kind === 'api' && error.errorCode === ErrorCode.InvitationInvalid;
};

const SIGN_UP_FAILURES: FailureRules = { failed: { key: 'invite:sign_up_failed' } };

/**
 * /signUp (spec 3 section 5 "Invite user (list)"; the page is chosen: not in spec): the page an invitation mail
 * links to. It checks the link, shows the invited address, asks for the name and a password (the rules of the
 * change-password page) and signs the new user in. A link that is unknown, expired or used says so.
 */
export function SignUpPage(props: SignUpPageProps) {
  return (
    <StandaloneMain className="portal-centered">
      <Card className="portal-form-card" elevation={2}>
        {props.signedInAs ? <SignedInNotice user={props.signedInAs} /> : <SignUp onSignedIn={props.onSignedIn} />}
      </Card>
    </StandaloneMain>
  );
}

/** Signed out: the link is checked, then the form asks for the name and password. */
function SignUp({ onSignedIn }: { onSignedIn: (user: LoggedInUser) => void }) {
  const { t } = useTranslation();
  const token = tokenOf(useLocation().hash);
  const check = useInvitationCheck(token);

  if (token === null || (check.isError && isInvalidLink(check.error))) return <InvalidLink />;
  if (check.isError) {
    return (
      <PageNonIdealState
        icon="error"
        title={t('invite:check_failed')}
        action={<Button text={t('retry')} onClick={() => void check.refetch()} />}
      />
    );
  }
  if (!check.data) return <PageNonIdealState icon={<Spinner />} title={t('invite:checking_link')} />;
  return <SignUpFormCard token={token} email={check.data.emailAddress} onSignedIn={onSignedIn} />;
}

function InvalidLink() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageNonIdealState
      icon="disable"
      title={t('invite:link_invalid_title')}
      description={t('invite:link_invalid')}
      action={<Button intent={Intent.PRIMARY} text={t('invite:go_to_login')} onClick={() => navigate('/login')} />}
    />
  );
}

/** A browser signed in as someone: signing out reloads the page, whose link then works signed out. */
function SignedInNotice({ user }: { user: LoggedInUser }) {
  const { t } = useTranslation();
  const signOut = useMutation({
    mutationFn: endSession,
    onSettled: () => {
      announce({ type: 'signedOut' });
      window.location.reload();
    },
  });
  return (
    <PageNonIdealState
      icon="person"
      title={t('invite:signed_in_title')}
      description={t('invite:signed_in_text', { email: user.emailAddress })}
      action={
        <Button
          intent={Intent.PRIMARY}
          text={t('invite:sign_out_and_continue')}
          loading={signOut.isPending}
          onClick={() => signOut.mutate()}
        />
      }
    />
  );
}

function SignUpFormCard({
  token,
  email,
  onSignedIn,
}: {
  token: string;
  email: string;
  onSignedIn: (user: LoggedInUser) => void;
}) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [shown, setShown] = useState(false);
  const [general, setGeneral] = useState<UiMessage | null>(null);
  const [linkUsed, setLinkUsed] = useState(false);

  const messages: Record<string, string> = {
    required_field: t('required_field'),
    password_not_match: t('password_not_match'),
    'userManagement:Mix_letters_numbers': t('Mix_letters_numbers'),
  };
  const parsed = SignUpForm.safeParse(values);
  const errors: Partial<Record<Field, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      if (FIELDS.includes(field)) {
        errors[field] ??=
          messages[issue.message] ?? (i18n.exists(issue.message) ? t(issue.message) : t('invalid_value'));
      }
    }
  }
  const errorOf = (field: Field) => (touched[field] ? errors[field] : undefined);

  const accept = useMutation({
    mutationFn: (form: SignUpForm) => acceptInvitation(token, form),
    onSuccess: onSignedIn,
    onError: (e) => {
      if (isInvalidLink(e)) setLinkUsed(true);
      else setGeneral(failureMessage(e, SIGN_UP_FAILURES));
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched({ firstName: true, lastName: true, password: true, confirmPassword: true });
    setGeneral(null);
    if (parsed.success && !accept.isPending) accept.mutate(parsed.data);
  };

  if (linkUsed) return <InvalidLink />;

  const labels: Record<Field, string> = {
    firstName: t('first_name'),
    lastName: t('last_name'),
    password: t('invite:password_label'),
    confirmPassword: t('invite:confirm_password_label'),
  };
  const autoComplete: Record<Field, string> = {
    firstName: 'given-name',
    lastName: 'family-name',
    password: 'new-password',
    confirmPassword: 'new-password',
  };
  const isPassword = (field: Field) => field === 'password' || field === 'confirmPassword';

  return (
    <>
      <H1>{t('invite:sign_up_title')}</H1>
      <p>{t('invite:sign_up_intro')}</p>
      <SubmitProblemCallout message={general} style={{ marginBottom: 12 }} />
      <form onSubmit={submit} noValidate>
        <FormGroup label={t('invite:account_label')} labelFor="sign-up-email">
          <InputGroup id="sign-up-email" type="email" autoComplete="username" value={email} readOnly />
        </FormGroup>
        {FIELDS.map((field) => {
          const error = errorOf(field);
          return (
            <FormGroup
              key={field}
              label={labels[field]}
              labelFor={`sign-up-${field}`}
              labelInfo="*"
              intent={error ? Intent.DANGER : Intent.NONE}
              helperText={error ?? (field === 'password' ? t('invite:password_rules') : undefined)}
            >
              <CountedInput
                id={`sign-up-${field}`}
                maxLength={
                  field === 'firstName' || field === 'lastName'
                    ? textMaxOf(InvitationAcceptRequest.shape[field])
                    : undefined
                }
                type={isPassword(field) && !shown ? 'password' : 'text'}
                autoComplete={autoComplete[field]}
                value={values[field]}
                onValueChange={(value) => setValues((v) => ({ ...v, [field]: value }))}
                onBlur={() => setTouched((v) => ({ ...v, [field]: true }))}
                intent={error ? Intent.DANGER : Intent.NONE}
                aria-invalid={error ? true : undefined}
              />
            </FormGroup>
          );
        })}
        <Button
          variant="minimal"
          size="small"
          icon={shown ? 'eye-off' : 'eye-open'}
          text={shown ? t('hide_password') : t('show_password')}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
          style={{ marginBottom: 16 }}
        />
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          fill
          text={t('invite:sign_up_submit')}
          loading={accept.isPending}
        />
      </form>
    </>
  );
}
