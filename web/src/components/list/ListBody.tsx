import type { ReactNode } from 'react';
import { Button, NonIdealState, Spinner, type IconName } from '@blueprintjs/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

export interface ListBodyProps<T> {
  list: UseQueryResult<{ items: T[]; totalCount: number }>;
  /** The list's own words for its states. */
  texts: { loading: string; loadFailed: string; empty: string; emptyFiltered: string; emptyHint?: string };
  /** The icon of the empty list. */
  emptyIcon: IconName;
  /** A search or filter narrows the list: its empty state offers to clear them (when `onClearQuery` is given). */
  narrowed: boolean;
  onClearQuery?(): void;
  children(rows: T[]): ReactNode;
}

/** A list's rows, or what stands in their place: loading, failed (with retry), or empty (with clear all when narrowed). */
export function ListBody<T>({ list, texts, emptyIcon, narrowed, onClearQuery, children }: ListBodyProps<T>) {
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
      <NonIdealState
        icon={narrowed ? 'search' : emptyIcon}
        title={narrowed ? texts.emptyFiltered : texts.empty}
        description={narrowed ? undefined : texts.emptyHint}
        action={
          narrowed && onClearQuery ? <Button text={t('list_filter_clear_all')} onClick={onClearQuery} /> : undefined
        }
      />
    );
  }
  return <>{children(list.data.items)}</>;
}
