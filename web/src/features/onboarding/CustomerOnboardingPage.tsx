import { useEffect, useState } from 'react';
import { H1, Intent } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useTranslation } from 'react-i18next';
import { invitationMachine } from '../../../../machines/invitation.machine';
import { showToast } from '../../components/showToast';
import { useCurrentSession } from '../../lib/currentUser';
import { resolveLanguage } from '../../lib/i18n';
import { useUnsavedData } from '../../lib/unsavedData';
import { CustomerLabelsSection } from './CustomerLabelsSection';
import { InvitationForm } from './InvitationForm';
import { RegisteredUsersDialog } from './RegisteredUsersDialog';
import { SentHistory } from './SentHistory';
import { onboardingKeys, registeredUsers, sendInvitation, useInvitationTemplate } from './api/onboarding';
import './onboarding.css';

/**
 * Customer onboarding (spec 3 "Customer onboarding"): the invitation form, run by the invitation machine, and the
 * resizable Sent History sidebar with the e-mail detail dialog and Resend.
 */
export function CustomerOnboardingPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { user } = useCurrentSession();
  const [machine] = useState(() =>
    invitationMachine.provide({
      actors: {
        checkRegistered: fromPromise(({ input }) => registeredUsers(input.addresses)),
        sendInvitation: fromPromise(({ input }) => sendInvitation(input)),
      },
      actions: {
        notifySent: () => {
          showToast(t('onboarding:sent'), Intent.SUCCESS);
          void queryClient.invalidateQueries({ queryKey: onboardingKeys.history() });
        },
        notifyInvalid: () => showToast(t('validation_failed_tip'), Intent.WARNING),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, {
    input: { ownEmail: user.emailAddress, language: resolveLanguage(user.languageCode ?? i18n.language) },
  });
  const { draft, template } = snapshot.context;
  useUnsavedData(snapshot.context.dirty);

  const templateQuery = useInvitationTemplate(draft.language);
  useEffect(() => {
    if (templateQuery.data && templateQuery.data !== template) {
      send({ type: 'TEMPLATE', language: draft.language, template: templateQuery.data });
    }
  }, [templateQuery.data, template, draft.language, send]);

  return (
    <section className="onboarding-page" aria-labelledby="onboarding-title">
      <div className="onboarding-main">
        <H1 id="onboarding-title">{t('onboarding:title')}</H1>
        <InvitationForm snapshot={snapshot} send={send} templateLoading={templateQuery.isPending} />
        <CustomerLabelsSection />
      </div>
      <SentHistory />
      <RegisteredUsersDialog
        isOpen={snapshot.matches('confirming')}
        registered={snapshot.context.registered}
        exclude={snapshot.context.excludeRegistered}
        onExclude={(exclude) => send({ type: 'TOGGLE_EXCLUDE', exclude })}
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
      />
    </section>
  );
}
