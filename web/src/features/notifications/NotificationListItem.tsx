import { Alignment, Button, Checkbox, Classes, Colors, Icon, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { MessageListItem } from '../../../../contract/messages';
import { formatDateTime } from '../../lib/dates';

export interface NotificationListItemProps {
  message: MessageListItem;
  open: boolean;
  batchMode: boolean;
  checked: boolean;
  busy: boolean;
  onOpen: (id: number) => void;
  onToggleCheck: (id: number) => void;
  onDelete: (id: number) => void;
}

/** One message in the list: a tick in batch mode, the subject and time (with a dot while unread), and Delete. */
export function NotificationListItem({
  message,
  open,
  batchMode,
  checked,
  busy,
  onOpen,
  onToggleCheck,
  onDelete,
}: NotificationListItemProps) {
  const { t } = useTranslation();
  return (
    <li
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 4,
        padding: '4px 8px',
        borderBottom: `1px solid ${Colors.LIGHT_GRAY3}`,
        background: open ? Colors.LIGHT_GRAY4 : undefined,
      }}
    >
      {batchMode && (
        <Checkbox
          checked={checked}
          disabled={busy}
          aria-label={t('notification_select_one', { subject: message.subject })}
          onChange={() => onToggleCheck(message.Id)}
          style={{ margin: '0 4px' }}
        />
      )}
      <Button
        variant="minimal"
        alignText={Alignment.START}
        fill
        ellipsizeText
        active={open}
        aria-current={open ? 'true' : undefined}
        onClick={() => onOpen(message.Id)}
        style={{ minWidth: 0 }}
      >
        <span style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
          <span style={{ flex: 'none', width: 8 }}>
            {!message.isRead && (
              <span
                role="img"
                aria-label={t('notification_unread')}
                title={t('notification_unread')}
                style={{ display: 'block', width: 8, height: 8, borderRadius: '50%', background: Colors.BLUE3 }}
              />
            )}
          </span>
          <span style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
            <span className={Classes.TEXT_OVERFLOW_ELLIPSIS} style={{ fontWeight: message.isRead ? 'normal' : 600 }}>
              {message.subject}
            </span>
            <time dateTime={message.createdTime} className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
              {formatDateTime(message.createdTime)}
            </time>
          </span>
          {message.attachments.length > 0 && (
            <Icon icon="paperclip" size={12} title={t('notification_has_attachments')} style={{ flex: 'none' }} />
          )}
        </span>
      </Button>
      <Button
        variant="minimal"
        icon="trash"
        intent={Intent.DANGER}
        disabled={busy}
        aria-label={t('notification_delete_one')}
        onClick={() => onDelete(message.Id)}
      />
    </li>
  );
}
