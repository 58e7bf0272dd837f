import { useEffect, useState } from 'react';
import { AnchorButton, Button, Callout, Checkbox, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { noticeMachine, type NoticeChoice } from '../../../../machines/notice.machine';
import { useSystemConfig } from '../../components/config/api/systemConfig';
import { readLocal, writeLocal } from '../../lib/localSettings';
import { useModalTurn, wantsOf, type ModalTurn } from '../../lib/modalQueue';
import { currentSignIn } from '../../lib/signInMark';
import { PortalDialog } from '../../components/dialog/PortalDialog';

const COOKIE_POLICY_URL = 'https://www.provider.example/cookie-policy';

const choiceStore = (key: string) => ({
  actors: { readChoice: fromPromise(async () => readLocal<NoticeChoice | null>(key, null)) },
  actions: { storeChoice: (_: unknown, choice: NoticeChoice) => writeLocal(key, choice) },
});

export const cookieChoiceKey = (userId: number) => `cookieBanner.${userId}`;
export const notificationChoiceKey = (userId: number) => `notificationMessage.${userId}`;

/** The cookie banner: shows unless the user's stored flag is false (spec 1 section 4), in its turn. */
export function CookieBanner({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(noticeMachine.provide(choiceStore(cookieChoiceKey(userId))), {
    input: { current: 'cookies' },
  });
  const shown = snapshot.matches('shown');
  const turn = useModalTurn('cookieBanner', wantsOf(shown, snapshot.status === 'done'));
  if (!shown || !turn.isOpen) return null;
  return (
    <Callout
      className="portal-cookie-banner"
      intent={Intent.PRIMARY}
      icon="info-sign"
      role="region"
      aria-label={t('cookie_banner')}
    >
      <span>{t('cookie_text')}</span>{' '}
      <AnchorButton
        variant="minimal"
        href={COOKIE_POLICY_URL}
        target="_blank"
        rel="noopener noreferrer"
        text={t('cookie_policy')}
      />
      <Button
        intent={Intent.PRIMARY}
        text={t('cookie_accept')}
        onClick={() => send({ type: 'CLOSE', dontShowAgain: true })}
      />
    </Callout>
  );
}

/**
 * The system notification message: a modal once per sign-in, until the user ticks don't-show-again for that
 * message (spec 1 section 4, issue 35), in its turn.
 */
export function NotificationMessageModal({ userId }: { userId: number }) {
  const { i18n } = useTranslation();
  const config = useSystemConfig(i18n.language);
  const message = config.data?.notificationMessage ?? null;
  const [dialogWants, setDialogWants] = useState<boolean | null>(null);
  const turn = useModalTurn('notice', config.isPending ? null : message ? dialogWants : false, true);
  if (!message) return null;
  return (
    <NotificationMessageDialog
      userId={userId}
      messageId={message.messageId}
      text={message.message}
      turn={turn}
      onWants={setDialogWants}
    />
  );
}

function NotificationMessageDialog({
  userId,
  messageId,
  text,
  turn,
  onWants,
}: {
  userId: number;
  messageId: number;
  text: string;
  turn: ModalTurn;
  /** The notice has one place in the queue, held by its parent while the message loads and then fed from here. */
  onWants: (wants: boolean | null) => void;
}) {
  const { t } = useTranslation();
  const [dontShowAgain, setDontShowAgain] = useState(false);
  const [snapshot, send] = useMachine(noticeMachine.provide(choiceStore(notificationChoiceKey(userId))), {
    input: { current: messageId, signIn: currentSignIn() },
  });
  const shown = snapshot.matches('shown');
  const done = snapshot.status === 'done';
  useEffect(() => onWants(wantsOf(shown, done)), [onWants, shown, done]);
  return (
    <PortalDialog
      isOpen={shown && turn.isOpen}
      onClosed={turn.onClosed}
      title={t('notification_message_title')}
      icon="notifications"
      style={{ width: 600 }}
      onClose={() => send({ type: 'CLOSE', dontShowAgain })}
    >
      <DialogBody>
        <p>{text}</p>
        <Checkbox
          checked={dontShowAgain}
          label={t('dont_show_again')}
          onChange={(e) => setDontShowAgain(e.currentTarget.checked)}
        />
      </DialogBody>
      <DialogFooter
        actions={
          <Button intent={Intent.PRIMARY} text={t('ok')} onClick={() => send({ type: 'CLOSE', dontShowAgain })} />
        }
      />
    </PortalDialog>
  );
}

/** What the portal needs of a browser; older browsers get the supported-browser banner. */
const browserSupported = () =>
  typeof BroadcastChannel !== 'undefined' &&
  typeof WebSocket !== 'undefined' &&
  typeof CSS !== 'undefined' &&
  CSS.supports('display', 'grid') &&
  typeof Intl.DisplayNames !== 'undefined';

export function SupportedBrowserBanner() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed || browserSupported()) return null;
  return (
    <Callout intent={Intent.WARNING} icon="warning-sign" role="region" aria-label={t('browser_banner')}>
      {t('browser_unsupported')} <Button variant="minimal" text={t('ok')} onClick={() => setDismissed(true)} />
    </Callout>
  );
}
