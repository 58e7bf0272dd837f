import { Button, Callout, Classes, DialogBody, DialogFooter, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NATIVE_NAMES } from '../../../../contract/configuration';
import { InvitationType, type Invitation } from '../../../../contract/invitations';
import { MODAL_WIDTH } from '../../../../contract/limits';
import { SanitizedHtml } from '../../components/SanitizedHtml';
import { showToast } from '../../components/showToast';
import { formatDateTime } from '../../lib/dates';
import { handOverSessionErrors } from '../../lib/sessionHandOver';
import { onboardingKeys, resendInvitation } from './api/onboarding';
import { PortalDialog } from '../../components/dialog/PortalDialog';

export interface InvitationDetailDialogProps {
  /** The invitation shown; null while closed. */
  invitation: Invitation | null;
  onClose(): void;
}

const list = (value: string) => value.split(';').filter(Boolean).join('; ');

/** The e-mail detail of a sent invitation, with Resend (PUT Users/invitation). */
export function InvitationDetailDialog({ invitation, onClose }: InvitationDetailDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => {
      showToast(t('onboarding:sent'), Intent.SUCCESS);
      void queryClient.invalidateQueries({ queryKey: onboardingKeys.history() });
      onClose();
    },
    onError: handOverSessionErrors,
  });
  const close = () => {
    resend.reset();
    onClose();
  };

  return (
    <PortalDialog
      isOpen={invitation !== null}
      onClose={close}
      title={t('onboarding:detail_title')}
      icon="envelope"
      style={{ width: MODAL_WIDTH.wide, maxWidth: '95vw' }}
    >
      {invitation && (
        <DialogBody tabIndex={0} role="region" aria-label={t('onboarding:detail_title')}>
          {resend.isError && (
            <Callout intent={Intent.DANGER} role="alert" className="onboarding-failure">
              {t('onboarding:send_failed')}
            </Callout>
          )}
          <HTMLTable compact className="onboarding-detail" aria-label={t('onboarding:detail_title')}>
            <tbody>
              <tr>
                <th scope="row">{t('onboarding:to')}</th>
                <td>
                  {invitation.emailTo.map((a) => (
                    <span key={a.emailAddress} className="onboarding-address">
                      {a.emailAddress}{' '}
                      {a.isRegistered && (
                        <Tag minimal intent={Intent.SUCCESS}>
                          {t('onboarding:registered')}
                        </Tag>
                      )}
                    </span>
                  ))}
                </td>
              </tr>
              {invitation.emailCc && (
                <tr>
                  <th scope="row">{t('onboarding:cc')}</th>
                  <td>{list(invitation.emailCc)}</td>
                </tr>
              )}
              {invitation.emailBcc && (
                <tr>
                  <th scope="row">{t('onboarding:bcc')}</th>
                  <td>{list(invitation.emailBcc)}</td>
                </tr>
              )}
              <tr>
                <th scope="row">{t('onboarding:customer_no')}</th>
                <td>{invitation.customerNo}</td>
              </tr>
              {invitation.orderNumber && (
                <tr>
                  <th scope="row">{t('onboarding:order_number')}</th>
                  <td>{invitation.orderNumber}</td>
                </tr>
              )}
              <tr>
                <th scope="row">{t('onboarding:type')}</th>
                <td>
                  {t(
                    invitation.type === InvitationType.PortalInvite
                      ? 'onboarding:type_portal_invite'
                      : 'onboarding:type_order',
                  )}
                </td>
              </tr>
              <tr>
                <th scope="row">{t('onboarding:language')}</th>
                <td>{LANGUAGE_NATIVE_NAMES[invitation.language]}</td>
              </tr>
              <tr>
                <th scope="row">{t('onboarding:sent_at')}</th>
                <td>{formatDateTime(invitation.createdTime)}</td>
              </tr>
              <tr>
                <th scope="row">{t('onboarding:subject')}</th>
                <td>{invitation.subject || t('onboarding:no_subject')}</td>
              </tr>
            </tbody>
          </HTMLTable>
          <SanitizedHtml
            lines={[invitation.description]}
            linksInNewTab
            className={`${Classes.RUNNING_TEXT} onboarding-detail-body`}
          />
        </DialogBody>
      )}
      <DialogFooter
        actions={
          <>
            <Button text={t('onboarding:close')} onClick={close} />
            <Button
              intent={Intent.PRIMARY}
              icon="refresh"
              text={t('onboarding:resend')}
              loading={resend.isPending}
              onClick={() => invitation && resend.mutate(invitation.id)}
            />
          </>
        }
      />
    </PortalDialog>
  );
}
