import { useEffect, useRef, type CSSProperties } from 'react';
import { Button, Callout, Classes, Intent, NonIdealState, Spinner, SpinnerSize } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { MessageListItem } from '../../../../contract/messages';
import { NotificationListItem } from './NotificationListItem';

export interface NotificationListProps {
  id: string;
  style: CSSProperties;
  items: MessageListItem[];
  openId: number | null;
  batchMode: boolean;
  checked: readonly number[];
  busy: boolean;
  /** Page 0 is on its way and nothing is shown yet. */
  loading: boolean;
  /** Page 0 failed; with nothing shown, the list shows the error and a retry. */
  failed: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  moreFailed: boolean;
  onOpen: (id: number) => void;
  onToggleCheck: (id: number) => void;
  onDelete: (id: number) => void;
  onLoadMore: () => void;
  onRetryMore: () => void;
  onRetry: () => void;
}

/** How early the next page is asked for: this far before the end of the list comes into view. */
const SENTINEL_MARGIN = '200px';

/**
 * The scrolling list of messages. A sentinel after the last item asks for the next page when it scrolls into
 * view (infinite scroll); the Load more button does the same for keyboard users.
 */
export function NotificationList({
  id,
  style,
  items,
  openId,
  batchMode,
  checked,
  busy,
  loading,
  failed,
  hasMore,
  loadingMore,
  moreFailed,
  onOpen,
  onToggleCheck,
  onDelete,
  onLoadMore,
  onRetryMore,
  onRetry,
}: NotificationListProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(onLoadMore);
  useEffect(() => {
    loadMore.current = onLoadMore;
  }, [onLoadMore]);

  // A new observer after each page: it reports at once whether the end is still in view (a short page).
  const canObserve = hasMore && !loadingMore && !moreFailed;
  useEffect(() => {
    if (!canObserve || !sentinel.current || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadMore.current();
      },
      { root: scroller.current, rootMargin: SENTINEL_MARGIN },
    );
    observer.observe(sentinel.current);
    return () => observer.disconnect();
  }, [canObserve, items.length]);

  let body;
  if (items.length === 0 && failed) {
    body = (
      <NonIdealState
        icon="error"
        title={t('notification_load_failed')}
        action={<Button intent={Intent.PRIMARY} text={t('retry')} onClick={onRetry} />}
      />
    );
  } else if (items.length === 0 && loading) {
    body = (
      <div role="status" aria-live="polite">
        <NonIdealState icon={<Spinner aria-hidden />} title={t('notification_loading')} />
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <NonIdealState
        icon="notifications"
        title={t('notification_empty_title')}
        description={t('notification_empty_text')}
      />
    );
  } else {
    body = (
      <ul aria-label={t('notification_list')} className={Classes.LIST_UNSTYLED} style={{ margin: 0 }}>
        {items.map((message) => (
          <NotificationListItem
            key={message.Id}
            message={message}
            open={message.Id === openId}
            batchMode={batchMode}
            checked={checked.includes(message.Id)}
            busy={busy}
            onOpen={onOpen}
            onToggleCheck={onToggleCheck}
            onDelete={onDelete}
          />
        ))}
      </ul>
    );
  }

  return (
    <div id={id} ref={scroller} style={{ ...style, overflowY: 'auto' }}>
      {body}
      <div ref={sentinel} style={{ padding: 8, textAlign: 'center' }}>
        {loadingMore && (
          <div role="status" aria-live="polite">
            <Spinner size={SpinnerSize.SMALL} aria-label={t('notification_loading_more')} />
          </div>
        )}
        {moreFailed && (
          <Callout intent={Intent.DANGER} compact style={{ textAlign: 'start' }}>
            {t('notification_more_failed')} <Button size="small" text={t('retry')} onClick={onRetryMore} />
          </Callout>
        )}
        {hasMore && !loadingMore && !moreFailed && (
          <Button variant="minimal" icon="more" text={t('notification_load_more')} onClick={onLoadMore} />
        )}
        {!hasMore && items.length > 0 && (
          <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{t('notification_end_of_list')}</span>
        )}
      </div>
    </div>
  );
}
