import { useState } from 'react';
import {
  Button,
  Callout,
  Checkbox,
  Colors,
  FormGroup,
  H1,
  HTMLSelect,
  Intent,
  Spinner,
  SpinnerSize,
  Switch,
  Tag,
} from '@blueprintjs/core';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  hasMorePages,
  isListBusy,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_SORTS,
  type NotificationCategory,
  type NotificationSort,
} from '../../../../machines/notifications.machine';
import { getToaster } from '../../components/toaster';
import { ListResizer } from './ListResizer';
import { NotificationDetail, type NotificationDetailProps } from './NotificationDetail';
import { NotificationList } from './NotificationList';
import { createNotificationsMachine } from './notificationsMachine';
import { useListWidth } from './useListWidth';
import { ConfirmAlert } from '../../components/confirm/ConfirmAlert';

const LIST_ID = 'notification-list';

const CATEGORY_LABEL: Record<NotificationCategory, string> = {
  all: 'notification_category_all',
  serviceRequest: 'notification_category_service_request',
  feedback: 'notification_category_feedback',
};
const SORT_LABEL: Record<NotificationSort, string> = {
  newest: 'notification_sort_newest',
  oldest: 'notification_sort_oldest',
  unreadFirst: 'notification_sort_unread_first',
};

/**
 * /app/notification and /admin/notification (spec 3 section 2): the resizable list of the user's notifications
 * with category, sort and batch mode on the left, the open message on the right.
 */
export function NotificationsPage() {
  const { t, i18n } = useTranslation();
  const [machine] = useState(() =>
    createNotificationsMachine(() => {
      void getToaster().then((toaster) =>
        toaster.show({ message: i18n.t('notification_deleted'), intent: Intent.SUCCESS, icon: 'tick' }),
      );
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: {} });
  const { width, setWidth, commit } = useListWidth();

  const { items, checked, category, sort, error, unreadCount, pageIndex, pageSize, total } = snapshot.context;
  const busy = isListBusy(snapshot);
  const batchMode = snapshot.matches({ mode: 'batch' });
  const loading = snapshot.matches({ list: { browsing: 'loading' } });
  const loadingMore = snapshot.matches({ list: { browsing: 'loadingMore' } });
  const failed = snapshot.matches({ list: { browsing: 'failed' } });
  const deleting = snapshot.matches({ list: 'deleting' });
  const allChecked = items.length > 0 && items.every((m) => checked.includes(m.Id));
  const detailState = (snapshot.value as { detail: NotificationDetailProps['state'] }).detail;

  return (
    <div className="portal-page" style={{ display: 'flex', flexDirection: 'column', gap: 12, boxSizing: 'border-box' }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <H1 style={{ margin: 0 }}>{t('notifications')}</H1>
        {unreadCount !== null && unreadCount > 0 && (
          <Tag round intent={Intent.PRIMARY}>
            {t('notification_unread_count', { count: unreadCount })}
          </Tag>
        )}
        {loading && items.length > 0 && (
          <span role="status" aria-label={t('notification_loading')}>
            <Spinner size={SpinnerSize.SMALL} aria-hidden />
          </span>
        )}
      </div>

      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 16 }}>
        <FormGroup inline label={t('notification_category')} labelFor="notification-category" style={{ margin: 0 }}>
          <HTMLSelect
            id="notification-category"
            value={category}
            disabled={busy}
            onChange={(e) => send({ type: 'SET_CATEGORY', category: e.currentTarget.value as NotificationCategory })}
            options={NOTIFICATION_CATEGORIES.map((c) => ({ value: c, label: t(CATEGORY_LABEL[c]) }))}
          />
        </FormGroup>
        <FormGroup inline label={t('notification_sort')} labelFor="notification-sort" style={{ margin: 0 }}>
          <HTMLSelect
            id="notification-sort"
            value={sort}
            disabled={busy}
            onChange={(e) => send({ type: 'SET_SORT', sort: e.currentTarget.value as NotificationSort })}
            options={NOTIFICATION_SORTS.map((s) => ({ value: s, label: t(SORT_LABEL[s]) }))}
          />
        </FormGroup>
        <Switch
          checked={batchMode}
          disabled={busy}
          label={t('notification_batch_mode')}
          onChange={() => send({ type: 'TOGGLE_BATCH' })}
          style={{ margin: 0 }}
        />
        {batchMode && (
          <>
            <Checkbox
              checked={allChecked}
              indeterminate={!allChecked && checked.length > 0}
              disabled={busy || items.length === 0}
              label={t('notification_select_all')}
              onChange={() => send({ type: allChecked ? 'UNCHECK_ALL' : 'CHECK_ALL' })}
              style={{ margin: 0 }}
            />
            <span aria-live="polite">{t('notification_selected_count', { count: checked.length })}</span>
            <Button
              icon="eye-open"
              text={t('notification_mark_read')}
              disabled={busy || !snapshot.can({ type: 'MARK_CHECKED_READ' })}
              loading={snapshot.matches({ list: 'markingRead' })}
              onClick={() => send({ type: 'MARK_CHECKED_READ' })}
            />
            <Button
              icon="trash"
              intent={Intent.DANGER}
              text={t('notification_delete_selected')}
              disabled={busy || checked.length === 0}
              onClick={() => send({ type: 'REQUEST_BATCH_DELETE' })}
            />
          </>
        )}
      </div>

      {failed && items.length > 0 && (
        <Callout intent={Intent.DANGER} role="alert">
          {t('notification_load_failed')}{' '}
          <Button size="small" text={t('retry')} onClick={() => send({ type: 'RETRY' })} />
        </Callout>
      )}
      {error === 'delete' && (
        <Callout intent={Intent.DANGER} role="alert">
          {t('notification_delete_failed')}
        </Callout>
      )}
      {error === 'markRead' && (
        <Callout intent={Intent.DANGER} role="alert">
          {t('notification_mark_read_failed')}
        </Callout>
      )}

      <div
        style={{
          display: 'flex',
          height: 'calc(100vh - 230px)',
          minHeight: 320,
          border: `1px solid ${Colors.LIGHT_GRAY1}`,
          background: Colors.WHITE,
        }}
      >
        <NotificationList
          id={LIST_ID}
          style={{ width, flex: 'none' }}
          items={items}
          openId={snapshot.context.openId}
          batchMode={batchMode}
          checked={checked}
          busy={busy}
          loading={loading}
          failed={failed}
          hasMore={!failed && hasMorePages(pageIndex, pageSize, total)}
          loadingMore={loadingMore}
          moreFailed={snapshot.matches({ list: { browsing: 'moreFailed' } })}
          onOpen={(id) => send({ type: 'OPEN', id })}
          onToggleCheck={(id) => send({ type: 'TOGGLE_CHECK', id })}
          onDelete={(id) => send({ type: 'REQUEST_DELETE', id })}
          onLoadMore={() => send({ type: 'LOAD_MORE' })}
          onRetryMore={() => send({ type: 'RETRY' })}
          onRetry={() => send({ type: 'RETRY' })}
        />
        <ListResizer controls={LIST_ID} width={width} onResize={setWidth} onCommit={commit} />
        <section
          aria-label={t('notification_detail')}
          style={{ flex: 1, minWidth: 0, overflowY: 'auto', padding: '16px 8px' }}
        >
          <NotificationDetail
            state={detailState}
            message={snapshot.context.detail}
            onRetry={() => send({ type: 'RETRY_DETAIL' })}
          />
        </section>
      </div>

      <ConfirmAlert
        isOpen={snapshot.matches({ list: 'confirmingDelete' }) || deleting}
        busy={deleting}
        icon="trash"
        message={t('delete_notification_confirm')}
        confirmText={t('notification_delete_confirm_button')}
        escapeCancels
        onConfirm={() => send({ type: 'CONFIRM_DELETE' })}
        onCancel={() => send({ type: 'CANCEL_DELETE' })}
      />
    </div>
  );
}
