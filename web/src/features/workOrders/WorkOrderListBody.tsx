import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { WorkOrderRow } from '../../../../contract/serviceCalls';
import { WorkOrderGrid, type WorkOrderGridProps } from './WorkOrderGrid';

export interface WorkOrderListBodyProps extends Omit<WorkOrderGridProps, 'rows'> {
  list: UseQueryResult<{ items: WorkOrderRow[]; totalCount: number }>;
  /** A search or filter narrows the list (the empty state offers to clear them). */
  narrowed: boolean;
  onClearQuery(): void;
}

/** The grid of a tab, or what stands in its place: loading, failed (with retry), or no work orders. */
export function WorkOrderListBody({ list, narrowed, onClearQuery, ...grid }: WorkOrderListBodyProps) {
  const { t } = useTranslation();
  if (list.isPending) return <Spinner aria-label={t('workOrders:loading')} />;
  if (list.isError) {
    return (
      <NonIdealState
        icon="error"
        title={t('workOrders:load_failed')}
        action={<Button icon="refresh" text={t('retry')} onClick={() => void list.refetch()} />}
      />
    );
  }
  if (list.data.items.length === 0) {
    return (
      <NonIdealState
        icon={narrowed ? 'search' : 'wrench'}
        title={narrowed ? t('workOrders:empty_filtered') : t('workOrders:empty')}
        description={narrowed ? undefined : t('workOrders:empty_hint')}
        action={narrowed ? <Button text={t('list_filter_clear_all')} onClick={onClearQuery} /> : undefined}
      />
    );
  }
  return <WorkOrderGrid rows={list.data.items} {...grid} />;
}
