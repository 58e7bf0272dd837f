import { Button, Tag } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useCurrentSession } from '../../lib/currentUser';
import { badgeText } from './badgeText';

/**
 * The bell: unread notifications, capped at 99+; opens the page. The hub says the count on every (re)connection and
 * whenever the user's messages change, the user's own reads and deletes included; while the hub is down the shell
 * asks the server every 15 minutes instead (spec 1 section 9).
 */
export function NotificationBell({ count }: { count: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { base } = useCurrentSession();
  const badge = badgeText(count);
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
