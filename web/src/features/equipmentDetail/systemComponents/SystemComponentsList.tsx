import { useEffect, useRef } from 'react';
import { Button, CardList, Classes, NonIdealState, Spinner, SpinnerSize } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LoadFailedCallout } from '../../../components/LoadFailedCallout';
import { useCurrentSession } from '../../../lib/currentUser';
import { SystemComponentItem } from './SystemComponentItem';
import { useSystemComponents } from './useSystemComponents';

/** The list scrolls within this height; the next 10 are asked for once its end is this near. Chosen: not in spec. */
const LIST_MAX_HEIGHT = 420;
const NEAR_END = '120px';

export interface SystemComponentsListProps {
  equipmentId: number;
  systemId: string | null;
}

/**
 * The other components of the instrument's system (spec 2 "other system component"), 10 at a time: scrolling near
 * the end loads the next ones, and so does the Load more button for keyboard users.
 */
export function SystemComponentsList({ equipmentId, systemId }: SystemComponentsListProps) {
  const { t } = useTranslation();
  const { base } = useCurrentSession();
  const { found, hasSystem, items, totalCount } = useSystemComponents(equipmentId, systemId);
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = found;
  const canLoadMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;

  // Loading more while the keyboard is on Load more (pressed, or focused and so scrolled into view) removes the
  // button: the keyboard goes on at the first of the new components.
  const focusAt = useRef<number | null>(null);
  const loadMore = (fromButton: boolean) => {
    if (fromButton || sentinel.current?.contains(document.activeElement)) focusAt.current = items.length;
    void fetchNextPage({ cancelRefetch: false });
  };
  const latestLoadMore = useRef(loadMore);
  useEffect(() => {
    latestLoadMore.current = loadMore;
  });
  useEffect(() => {
    const index = focusAt.current;
    if (index === null || items.length <= index) return;
    focusAt.current = null;
    scroller.current?.querySelectorAll<HTMLAnchorElement>('a[href]')[index]?.focus();
  }, [items.length]);

  // A new observer after each page: it reports at once whether the end is still in view (a short page).
  useEffect(() => {
    if (!canLoadMore || !sentinel.current || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latestLoadMore.current(false);
      },
      { root: scroller.current, rootMargin: NEAR_END },
    );
    observer.observe(sentinel.current);
    return () => observer.disconnect();
  }, [canLoadMore, items.length]);

  const none = <p className={Classes.TEXT_MUTED}>{t('instrumentWorkOrders:no_other_component')}</p>;
  if (!hasSystem) return none;
  if (found.isPending) {
    return (
      <NonIdealState icon={<Spinner size={SpinnerSize.SMALL} />} title={t('instrumentWorkOrders:components_loading')} />
    );
  }
  if (items.length === 0 && found.isError) {
    return (
      <LoadFailedCallout
        title={t('instrumentWorkOrders:components_load_failed')}
        error={found.error}
        onRetry={() => void found.refetch()}
      />
    );
  }
  if (totalCount === 0) return none;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`} role="status">
        {t('instrumentWorkOrders:components_shown', { shown: items.length, total: totalCount })}
      </span>
      <div ref={scroller} style={{ maxHeight: LIST_MAX_HEIGHT, overflowY: 'auto', padding: 2 }}>
        <CardList role="list" aria-label={t('instrumentWorkOrders:components_label')} compact>
          {items.map((component) => (
            <SystemComponentItem
              key={component.equipmentId}
              component={component}
              href={`${base}/product/equipmentDetail/${component.equipmentId}`}
            />
          ))}
        </CardList>
        <div ref={sentinel} style={{ padding: 8, textAlign: 'center' }}>
          {isFetchingNextPage && (
            <Spinner size={SpinnerSize.SMALL} aria-label={t('instrumentWorkOrders:components_loading_more')} />
          )}
          {isFetchNextPageError && (
            <LoadFailedCallout
              compact
              title={t('instrumentWorkOrders:components_more_failed')}
              error={found.error}
              onRetry={() => loadMore(true)}
            />
          )}
          {canLoadMore && (
            <Button icon="more" text={t('instrumentWorkOrders:components_load_more')} onClick={() => loadMore(true)} />
          )}
        </div>
      </div>
    </div>
  );
}
