import { useState, type FormEvent } from 'react';
import {
  Button,
  Classes,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  Intent,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { InviteEmail, inviteRoleChoices } from '../../../../contract/accountManagement';
import { ErrorCode, type UiMessage } from '../../../../contract/errors';
import { INVITATION_EXPIRY_DAYS, INVITE_EMAIL_MAX, MODAL_WIDTH, ROLE, type RoleId } from '../../../../contract/limits';
import { useDiscardConfirmation } from '../../components/confirm/useConfirmation';
import { LocationOptions } from '../../components/LocationOptions';
import { showToast } from '../../components/showToast';
import { SubmitProblemCallout } from '../../components/SubmitProblemCallout';
import { inviteUser } from './api/userChanges';
import { useCurrentSession } from '../../lib/currentUser';
import { resolveLanguage } from '../../lib/i18n';
import { handOverSessionErrors } from '../../lib/sessionHandOver';
import { failureMessage, fieldMessagesOf, generalMessageOf } from '../../lib/failureMessage';
import { useUnsavedData } from '../../lib/unsavedData';
import { PortalDialog } from '../../components/dialog/PortalDialog';
import { CountedInput } from '../../components/inputs/LengthCounter';

export interface InviteUserDialogProps {
  isOpen: boolean;
  /** Closed without inviting (after the discard question when something was typed). */
  onClose(): void;
  /** The invitation was sent: the caller refreshes its list; the dialog closes itself through onClose. */
  onInvited(): void;
}

interface Draft {
  email: string;
  roleId: RoleId;
  locationId: string;
}

/**
 * The Invite user modal of the user list (spec 3 sections 3 and 5 "Invite user (list)"): one e-mail address, a role
 * (standard user by default; only admin for the provider's own customer) and a location of the customer. The
 * server mails the invitee a link to set their name and password; an address with an account is refused.
 */
export function InviteUserDialog({ isOpen, onClose, onInvited }: InviteUserDialogProps) {
  const { t, i18n } = useTranslation();
  const { user } = useCurrentSession();
  const roles = inviteRoleChoices(user.userLocation.customer.isProviderDomain);
  const locations = user.userLocation.customer.customerLocations;
  const initial: Draft = {
    email: '',
    roleId: roles.includes(ROLE.StandardUser) ? ROLE.StandardUser : roles[0]!,
    locationId: String(user.locationId ?? locations[0]?.locationId ?? ''),
  };
  const [draft, setDraft] = useState(initial);
  const [emailError, setEmailError] = useState<UiMessage | undefined>();
  const [general, setGeneral] = useState<UiMessage | undefined>();
  const dirty = draft.email.trim() !== '' || draft.roleId !== initial.roleId || draft.locationId !== initial.locationId;
  useUnsavedData(isOpen && dirty);

  const reset = () => {
    setDraft(initial);
    setEmailError(undefined);
    setGeneral(undefined);
  };
  const close = () => {
    reset();
    onClose();
  };

  const invite = useMutation({
    mutationFn: inviteUser,
    onSuccess: (_, body) => {
      showToast(t('invite:invited_toast', { email: body.emailTo[0] }), Intent.SUCCESS);
      onInvited();
      close();
    },
    onError: (e, body) => {
      handOverSessionErrors(e);
      const problem = failureMessage<'email'>(e, {
        failed: { key: 'invite:invite_failed' },
        refused: { key: 'invite:invite_refused' },
        byErrorCode: {
          [ErrorCode.EmailAlreadyRegistered]: {
            key: 'invite:email_already_registered',
            values: { email: body.emailTo[0] ?? '' },
            field: 'email',
          },
        },
      });
      setEmailError(fieldMessagesOf(problem).email);
      setGeneral(generalMessageOf(problem) ?? undefined);
    },
  });

  const emailProblem = (value: string): UiMessage | undefined => {
    const parsed = InviteEmail.safeParse(value);
    return parsed.success ? undefined : { key: `invite:${parsed.error.issues[0]?.message ?? 'valid_Email_message'}` };
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (invite.isPending) return;
    const problem = emailProblem(draft.email);
    setEmailError(problem);
    setGeneral(undefined);
    if (problem || draft.locationId === '') {
      showToast(t('validation_failed_tip'), Intent.WARNING);
      return;
    }
    invite.mutate({
      emailTo: [draft.email.trim()],
      locationId: Number(draft.locationId),
      roleId: draft.roleId,
      type: 1,
      language: resolveLanguage(i18n.language),
    });
  };

  const { requestClose, element: discardQuestion } = useDiscardConfirmation({
    dirty,
    busy: invite.isPending,
    onClose: close,
  });

  return (
    <>
      <PortalDialog
        isOpen={isOpen}
        onClose={requestClose}
        title={t('invite:invite_user_title')}
        icon="new-person"
        style={{ width: MODAL_WIDTH.wide, maxWidth: '95vw' }}
      >
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <p>{t('invite:invite_intro', { days: INVITATION_EXPIRY_DAYS })}</p>
            <SubmitProblemCallout message={general} style={{ marginBottom: 12 }} />
            <FormGroup
              label={t('invite:email_label')}
              labelFor="invite-email"
              labelInfo="*"
              intent={emailError ? Intent.DANGER : Intent.NONE}
              helperText={emailError ? t(emailError.key, emailError.values) : undefined}
            >
              <CountedInput
                id="invite-email"
                type="email"
                maxLength={INVITE_EMAIL_MAX}
                autoComplete="off"
                value={draft.email}
                onValueChange={(email) => {
                  setDraft((d) => ({ ...d, email }));
                  setEmailError(undefined);
                }}
                onBlur={() => draft.email !== '' && setEmailError(emailProblem(draft.email))}
                intent={emailError ? Intent.DANGER : Intent.NONE}
                aria-invalid={emailError ? true : undefined}
                autoFocus
              />
            </FormGroup>
            <RadioGroup
              label={t('invite:role_label')}
              inline
              selectedValue={draft.roleId}
              onChange={(e) => setDraft((d) => ({ ...d, roleId: Number(e.currentTarget.value) as RoleId }))}
            >
              {roles.map((r) => (
                <Radio key={r} value={r} label={t(`my_account_role_${r}`)} />
              ))}
            </RadioGroup>
            {roles.length === 1 && <p className={Classes.TEXT_MUTED}>{t('invite:provider_domain_hint')}</p>}
            <FormGroup label={t('invite:location_label')} labelFor="invite-location" labelInfo="*">
              <HTMLSelect
                id="invite-location"
                fill
                value={draft.locationId}
                onChange={(e) => {
                  const locationId = e.currentTarget.value;
                  setDraft((d) => ({ ...d, locationId }));
                }}
              >
                <LocationOptions locations={locations} />
              </HTMLSelect>
            </FormGroup>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text={t('cancel')} onClick={requestClose} disabled={invite.isPending} />
                <Button
                  type="submit"
                  intent={Intent.PRIMARY}
                  icon="send-message"
                  text={t('invite:send')}
                  loading={invite.isPending}
                />
              </>
            }
          />
        </form>
      </PortalDialog>
      {discardQuestion}
    </>
  );
}
