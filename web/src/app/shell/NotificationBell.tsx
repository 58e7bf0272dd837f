import { useEffect } from 'react';
import { Button, Tag } from '@blueprintjs/core';
import { useMachine } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { BADGE_CAP } from '../../../../contract/limits';
import { badgeText, unreadCountMachine } from '../../../../machines/unreadCount.machine';
import { client, resultOf } from '../../lib/api';
import { useCurrentSession } from '../../lib/currentUser';

const unreadCount = unreadCountMachine.provide({
  actors: { fetchUnreadCount: fromPromise(() => resultOf(client.messages.unreadCount({ query: {} }))) },
});

/** The bell: unread notifications, polled every 15 minutes and pushed by the hub, capped at 99+; opens the page. */
export function NotificationBell({ pushedCount }: { pushedCount: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { base } = useCurrentSession();
  const [snapshot, send] = useMachine(unreadCount);
  useEffect(() => {
    if (pushedCount !== null) send({ type: 'SET', count: pushedCount });
  }, [pushedCount, send]);
  // The notifications page tells of reads and deletes at once, in case the hub is reconnecting.
  useEffect(() => {
    const changed = (e: Event) => {
      const count = (e as CustomEvent<{ unreadCount: number | null }>).detail?.unreadCount;
      send(typeof count === 'number' ? { type: 'SET', count } : { type: 'REFRESH' });
    };
    window.addEventListener('portal:unread-changed', changed);
    return () => window.removeEventListener('portal:unread-changed', changed);
  }, [send]);
  const badge = badgeText(snapshot.context.count, BADGE_CAP);
  return (
    <Button
      variant="minimal"
      icon="notifications"
      data-tour="notifications"
      aria-label={badge ? t('notifications_unread', { count: badge }) : t('notifications')}
      onClick={() => navigate(`${base}/notification`)}
    >
      {badge && (
        <Tag round intent="danger" aria-hidden>
          {badge}
        </Tag>
      )}
    </Button>
  );
}
