import type { FormEvent, ReactNode } from 'react';
import {
  Button,
  Callout,
  FormGroup,
  HTMLSelect,
  Intent,
  Radio,
  RadioGroup,
  Spinner,
  SpinnerSize,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import { LANGUAGE_CODES, LANGUAGE_NATIVE_NAMES } from '../../../../contract/configuration';
import {
  INVITATION_ADDRESS_LIST_MAX,
  InvitationType,
  ORDER_NUMBER_MAX,
  SUBJECT_MAX,
} from '../../../../contract/invitations';
import type {
  DraftField,
  InvitationCustomer,
  InvitationEvent,
  invitationMachine,
  TextField,
} from '../../../../machines/invitation.machine';
import { RemoteSuggest } from '../../components/RemoteSuggest';
import { RichTextEditor } from '../../components/richText/RichTextEditor';
import { onboardingKeys, searchCustomerLocations } from './api/onboarding';
import { CountedInput } from '../../components/inputs/LengthCounter';

/** Room for the whole template in the editor. chosen: not in spec */
const DESCRIPTION_HEIGHT = 340;

export interface InvitationFormProps {
  snapshot: SnapshotFrom<typeof invitationMachine>;
  send(event: InvitationEvent): void;
  templateLoading: boolean;
}

/** The invitation form: renders the machine's draft and errors and sends it every change. */
export function InvitationForm({ snapshot, send, templateLoading }: InvitationFormProps) {
  const { t } = useTranslation();
  const { draft, errors, failure } = snapshot.context;
  const busy = snapshot.matches('checkingRegistered') || snapshot.matches('sending');

  const errorText = (field: DraftField) => {
    const error = errors[field];
    return error ? t(`onboarding:${error.key}`, { max: error.max }) : undefined;
  };
  const group = (field: DraftField, label: string, children: ReactNode, extra: { required?: boolean } = {}) => (
    <FormGroup
      label={label}
      labelFor={`onboarding-${field}`}
      labelInfo={extra.required ? '*' : undefined}
      intent={errors[field] ? Intent.DANGER : Intent.NONE}
      helperText={errorText(field)}
    >
      {children}
    </FormGroup>
  );
  const text = (field: TextField, opts: { maxLength?: number; placeholder?: string } = {}) => (
    <CountedInput
      id={`onboarding-${field}`}
      value={draft[field]}
      maxLength={opts.maxLength}
      placeholder={opts.placeholder}
      intent={errors[field] ? Intent.DANGER : Intent.NONE}
      aria-invalid={errors[field] ? true : undefined}
      disabled={busy}
      onValueChange={(value) => send({ type: 'EDIT', field, value })}
    />
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'SUBMIT' });
  };

  return (
    <form className="onboarding-form" onSubmit={submit} noValidate aria-labelledby="onboarding-title">
      {failure && (
        <Callout intent={Intent.DANGER} icon="error" role="alert" className="onboarding-failure">
          <p>{t(failure.stage === 'check' ? 'onboarding:check_failed' : 'onboarding:send_failed')}</p>
          <Button text={t('onboarding:retry')} onClick={() => send({ type: 'RETRY' })} />
        </Callout>
      )}
      <div className="onboarding-addresses">
        {group(
          'emailTo',
          t('onboarding:to'),
          text('emailTo', { placeholder: t('onboarding:addresses_hint'), maxLength: INVITATION_ADDRESS_LIST_MAX }),
          {
            required: true,
          },
        )}
        <div className="onboarding-reveal">
          {!draft.showCc && (
            <Button
              variant="minimal"
              icon="plus"
              text={t('onboarding:show_cc')}
              onClick={() => send({ type: 'SHOW_CC' })}
            />
          )}
          {!draft.showBcc && (
            <Button
              variant="minimal"
              icon="plus"
              text={t('onboarding:show_bcc')}
              onClick={() => send({ type: 'SHOW_BCC' })}
            />
          )}
        </div>
        {draft.showCc &&
          group(
            'emailCc',
            t('onboarding:cc'),
            text('emailCc', { placeholder: t('onboarding:addresses_hint'), maxLength: INVITATION_ADDRESS_LIST_MAX }),
          )}
        {draft.showBcc &&
          group(
            'emailBcc',
            t('onboarding:bcc'),
            text('emailBcc', { placeholder: t('onboarding:addresses_hint'), maxLength: INVITATION_ADDRESS_LIST_MAX }),
          )}
      </div>
      <div className="onboarding-row">
        {group(
          'customer',
          t('onboarding:customer_no'),
          <RemoteSuggest<InvitationCustomer>
            id="onboarding-customer"
            value={draft.customer}
            onChange={(customer) => send({ type: 'CHOOSE_CUSTOMER', customer })}
            search={searchCustomerLocations}
            queryKey={onboardingKeys.locations()}
            itemKey={(c) => c.locationId}
            itemText={(c) => c.label}
            inputValue={(c) => c.label}
            placeholder={t('onboarding:customer_placeholder')}
            texts={{
              loading: t('onboarding:customer_loading'),
              noResults: t('onboarding:customer_none'),
              failed: t('onboarding:customer_failed'),
              clear: t('onboarding:customer_clear'),
            }}
            intent={errors.customer ? Intent.DANGER : Intent.NONE}
            invalid={Boolean(errors.customer)}
            disabled={busy}
            resetOnClose
          />,
          { required: true },
        )}
        {group('orderNumber', t('onboarding:order_number'), text('orderNumber', { maxLength: ORDER_NUMBER_MAX }))}
      </div>
      <div className="onboarding-row">
        <FormGroup label={t('onboarding:language')} labelFor="onboarding-language">
          <HTMLSelect
            id="onboarding-language"
            fill
            value={draft.language}
            disabled={busy}
            onChange={(e) =>
              send({ type: 'SET_LANGUAGE', language: e.currentTarget.value as (typeof LANGUAGE_CODES)[number] })
            }
          >
            {LANGUAGE_CODES.map((code) => (
              <option key={code} value={code}>
                {LANGUAGE_NATIVE_NAMES[code]}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <RadioGroup
          label={t('onboarding:type')}
          inline
          disabled={busy}
          selectedValue={draft.type}
          onChange={(e) =>
            send({
              type: 'SET_TYPE',
              invitationType: Number(e.currentTarget.value) === 1 ? InvitationType.PortalInvite : InvitationType.Order,
            })
          }
        >
          <Radio value={InvitationType.Order} label={t('onboarding:type_order')} />
          <Radio value={InvitationType.PortalInvite} label={t('onboarding:type_portal_invite')} />
        </RadioGroup>
      </div>
      {group('subject', t('onboarding:subject'), text('subject', { maxLength: SUBJECT_MAX }))}
      <FormGroup label={<span id="onboarding-description-label">{t('onboarding:description')}</span>}>
        {templateLoading && !draft.description ? (
          <Spinner size={SpinnerSize.SMALL} aria-label={t('onboarding:template_loading')} />
        ) : (
          <RichTextEditor
            value={draft.description}
            onChange={(value) => send({ type: 'EDIT', field: 'description', value })}
            labelledBy="onboarding-description-label"
            height={DESCRIPTION_HEIGHT}
            disabled={busy}
          />
        )}
      </FormGroup>
      {draft.type === InvitationType.PortalInvite && (
        <p className="onboarding-hint">{t('onboarding:portal_invite_hint')}</p>
      )}
      <div className="onboarding-actions">
        <Button type="submit" intent={Intent.PRIMARY} icon="send-message" text={t('onboarding:send')} loading={busy} />
      </div>
    </form>
  );
}
