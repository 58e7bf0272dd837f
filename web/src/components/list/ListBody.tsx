import type { JSX, ReactNode } from 'react';
import { Button, NonIdealState, Spinner, type IconName } from '@blueprintjs/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Pager } from '../Pager';
import { SectionNonIdealState } from '../PageNonIdealState';

export interface ListBodyProps<T> {
  /** `totalCountExact` false: more rows match than the server counted, `totalCount` is a lower bound. */
  list: UseQueryResult<{ items: T[]; totalCount: number; totalCountExact?: boolean }>;
  /** The list's own words for its states. */
  texts: { loading: string; loadFailed: string; empty: string; emptyFiltered: string; emptyHint?: string };
  /** The icon of the empty list. */
  emptyIcon: IconName;
  /** What the empty (not narrowed) list offers to do, e.g. add the first row. */
  emptyAction?: JSX.Element;
  /** A search or filter narrows the list: its empty state offers to clear them (when `onClearQuery` is given). */
  narrowed: boolean;
  onClearQuery?(): void;
  /** The list's page: the pager follows the rows once there are any. */
  paging?: { pageIndex: number; pageSize: number; onPage(index: number): void };
  /** The list's count call, asked while its total is not exact: running, then its answer. */
  count?: { counting: boolean; counted?: { count: number; exact: boolean } };
  /** The name the guided tour points at. */
  tour?: string;
  children(rows: T[]): ReactNode;
}

/**
 * A list page's body, the one for every list: its rows, or what stands in their place (loading, failed with retry,
 * empty with clear all when narrowed), then the pager.
 */
export function ListBody<T>(props: ListBodyProps<T>) {
  const { list, paging } = props;
  return (
    <>
      <div className="list-body" aria-busy={list.isFetching} data-tour={props.tour}>
        <ListContent {...props} />
      </div>
      {paging && list.data && list.data.totalCount > 0 && (
        <Pager
          pageIndex={paging.pageIndex}
          pageSize={paging.pageSize}
          totalCount={list.data.totalCount}
          exact={list.data.totalCountExact !== false}
          pageRows={list.data.items.length}
          placeholder={list.isPlaceholderData}
          counting={props.count?.counting}
          counted={props.count?.counted}
          onPage={paging.onPage}
        />
      )}
    </>
  );
}

function ListContent<T>({ list, texts, emptyIcon, emptyAction, narrowed, onClearQuery, children }: ListBodyProps<T>) {
  const { t } = useTranslation();
  if (list.isPending) return <Spinner aria-label={texts.loading} />;
  if (list.isError) {
    return (
      <NonIdealState
        icon="error"
        title={texts.loadFailed}
        action={<Button icon="refresh" text={t('retry')} onClick={() => void list.refetch()} />}
      />
    );
  }
  if (list.data.items.length === 0) {
    return (
      <SectionNonIdealState
        level={2}
        icon={narrowed ? 'search' : emptyIcon}
        title={narrowed ? texts.emptyFiltered : texts.empty}
        description={narrowed ? undefined : texts.emptyHint}
        action={
          narrowed ? onClearQuery && <Button text={t('list_filter_clear_all')} onClick={onClearQuery} /> : emptyAction
        }
      />
    );
  }
  return <>{children(list.data.items)}</>;
}
