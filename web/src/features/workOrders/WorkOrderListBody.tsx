import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { WorkOrderRow } from '../../../../contract/serviceCalls';
import { ListBody, type ListBodyProps } from '../../components/list';
import { WorkOrderGrid, type WorkOrderGridProps } from './WorkOrderGrid';

export interface WorkOrderListBodyProps
  extends Omit<WorkOrderGridProps, 'rows'>, Pick<ListBodyProps<WorkOrderRow>, 'paging' | 'count'> {
  list: UseQueryResult<{ items: WorkOrderRow[]; totalCount: number; totalCountExact?: boolean }>;
  /** A search or filter narrows the list (the empty state offers to clear them). */
  narrowed: boolean;
  onClearQuery(): void;
}

/** The grid of a tab, or what stands in its place: loading, failed (with retry), or no work orders. */
export function WorkOrderListBody({ list, narrowed, onClearQuery, paging, count, ...grid }: WorkOrderListBodyProps) {
  const { t } = useTranslation();
  return (
    <ListBody
      list={list}
      paging={paging}
      count={count}
      tour="work-order-list"
      texts={{
        loading: t('workOrders:loading'),
        loadFailed: t('workOrders:load_failed'),
        empty: t('workOrders:empty'),
        emptyFiltered: t('workOrders:empty_filtered'),
        emptyHint: t('workOrders:empty_hint'),
      }}
      emptyIcon="wrench"
      narrowed={narrowed}
      onClearQuery={onClearQuery}
    >
      {(rows) => <WorkOrderGrid rows={rows} {...grid} />}
    </ListBody>
  );
}
