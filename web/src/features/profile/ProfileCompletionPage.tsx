import { useState, type FormEvent } from 'react';
import { Button, Callout, Card, FormGroup, H1, HTMLSelect, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useTranslation } from 'react-i18next';
import { LocationOptions } from '../../components/LocationOptions';
import { ProfileCompletion, type LoggedInUser } from '../../../../contract/users';
import { profileCompletionMachine } from '../../../../machines/profileCompletion.machine';
import { completeProfile } from './api/completeProfile';
import { getToaster } from '../../components/toaster';
import { StandaloneMain } from '../../components/MainContent';
import { CountedInput } from '../../components/inputs/LengthCounter';
import { textMaxOf } from '../../components/inputs/schemaMax';
import { PortalFooter } from '../../components/PortalFooter';

type Field = 'firstName' | 'lastName' | 'officePhone';

const PersonalDetails = ProfileCompletion.omit({ locationId: true });

export function ProfileCompletionPage({ user, onCompleted }: { user: LoggedInUser; onCompleted: () => void }) {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(
    profileCompletionMachine.provide({
      actors: { saveProfile: fromPromise(({ input }) => completeProfile(input)) },
      actions: { completed: onCompleted },
    }),
  );
  const [details, setDetails] = useState({
    firstName: user.firstName,
    lastName: user.lastName,
    officePhone: user.officePhone ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const locations = user.userLocation.customer.customerLocations;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = PersonalDetails.safeParse({ ...details, officePhone: details.officePhone.trim() || null });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message === 'required_field' ? t('required_field') : t('invalid_value');
      }
      setErrors(found);
      void getToaster().then((toaster) =>
        toaster.show({ message: t('validation_failed_tip'), intent: Intent.WARNING }),
      );
      return;
    }
    setErrors({});
    send({ type: 'SUBMIT', details: parsed.data });
  };

  const field = (name: Field, label: string, required: boolean) => (
    <FormGroup
      label={label}
      labelFor={`profile-${name}`}
      labelInfo={required ? '*' : undefined}
      intent={errors[name] ? Intent.DANGER : Intent.NONE}
      helperText={errors[name]}
    >
      <CountedInput
        id={`profile-${name}`}
        maxLength={textMaxOf(ProfileCompletion.shape[name])}
        value={details[name]}
        onValueChange={(value) => setDetails((d) => ({ ...d, [name]: value }))}
        intent={errors[name] ? Intent.DANGER : Intent.NONE}
      />
    </FormGroup>
  );

  const onCompany = snapshot.matches('company');
  return (
    <StandaloneMain className="portal-centered portal-frame">
      <Card className="portal-form-card" elevation={2}>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <span>{user.emailAddress}</span>
          <Button
            variant="minimal"
            icon="log-out"
            onClick={() => window.location.assign('/logout')}
            text={t('back_to_login')}
          />
        </div>
        <H1>{t('profile_title')}</H1>
        <p>
          <Tag minimal={!onCompany} intent={onCompany ? Intent.PRIMARY : Intent.NONE}>
            01 {t('profile_step_company')}
          </Tag>{' '}
          <Tag minimal={onCompany} intent={onCompany ? Intent.NONE : Intent.PRIMARY}>
            02 {t('profile_step_personal')}
          </Tag>
        </p>
        {onCompany ? (
          <>
            <FormGroup label={t('company_name')} labelFor="profile-company">
              <InputGroup id="profile-company" value={user.userLocation.customer.name} readOnly />
            </FormGroup>
            <FormGroup label={t('location')} labelFor="profile-location" labelInfo="*">
              <HTMLSelect
                id="profile-location"
                fill
                value={snapshot.context.locationId ?? ''}
                onChange={(e) => send({ type: 'CHOOSE_LOCATION', locationId: Number(e.currentTarget.value) })}
              >
                <option value="" disabled>
                  {t('choose_location')}
                </option>
                <LocationOptions locations={locations} />
              </HTMLSelect>
            </FormGroup>
            <Button
              intent={Intent.PRIMARY}
              fill
              disabled={!snapshot.can({ type: 'NEXT' })}
              onClick={() => send({ type: 'NEXT' })}
              text={t('next')}
            />
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            {snapshot.context.error != null && (
              <Callout intent={Intent.DANGER} role="alert">
                {t('errorMessage:system_error')}
              </Callout>
            )}
            {field('firstName', t('first_name'), true)}
            {field('lastName', t('last_name'), true)}
            {field('officePhone', t('office_phone'), false)}
            <div style={{ display: 'flex', gap: 8 }}>
              <Button onClick={() => send({ type: 'BACK' })} text={t('back')} disabled={snapshot.matches('saving')} />
              <Button type="submit" intent={Intent.PRIMARY} loading={snapshot.matches('saving')} text={t('lets_go')} />
            </div>
          </form>
        )}
      </Card>
      <PortalFooter />
    </StandaloneMain>
  );
}
