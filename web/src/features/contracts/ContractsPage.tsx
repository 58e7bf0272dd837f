import { useState } from 'react';
import { Button, H2, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { CONTRACT_PAGE_SIZE } from '../../../../contract/contracts';
import type { FilterSetting, OrderSetting } from '../../../../contract/listQuery';
import { FilterChips, withFilter } from '../../components/list';
import { Pager } from '../../components/Pager';
import { contractOrder, CONTRACT_FIELDS } from './contractFields';
import { ContractFilterDialog } from './ContractFilterDialog';
import { ContractGrid } from './ContractGrid';
import { useContractList } from './contractQueries';

/** /app/contractManagement (spec 3 "Contract management"): the customer's contracts, read-only, filtered and sorted. */
export function ContractsPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<FilterSetting[]>([]);
  const [sort, setSort] = useState<OrderSetting[]>([]);
  const [pageIndex, setPageIndex] = useState(0);
  const [filtering, setFiltering] = useState<string | null>(null);
  const list = useContractList(filters, sort, pageIndex);

  // A new filter or sort starts again from the first page.
  const changeFilters = (next: FilterSetting[]) => {
    setFilters(next);
    setPageIndex(0);
  };
  const changeSort = (next: OrderSetting[]) => {
    setSort(next);
    setPageIndex(0);
  };

  const body = () => {
    if (list.isPending) return <Spinner aria-label={t('contracts:loading')} />;
    if (list.isError) {
      return (
        <NonIdealState
          icon="error"
          title={t('contracts:load_failed')}
          action={<Button icon="refresh" text={t('retry')} onClick={() => void list.refetch()} />}
        />
      );
    }
    if (list.data.items.length === 0) {
      const narrowed = filters.length > 0;
      return (
        <NonIdealState
          icon={narrowed ? 'search' : 'document'}
          title={narrowed ? t('contracts:empty_filtered') : t('contracts:empty')}
          description={narrowed ? undefined : t('contracts:empty_hint')}
          action={narrowed ? <Button text={t('list_filter_clear_all')} onClick={() => changeFilters([])} /> : undefined}
        />
      );
    }
    return (
      <ContractGrid
        rows={list.data.items}
        order={contractOrder(sort)}
        userSorted={sort.length > 0}
        filters={filters}
        onSort={(field, orderType) => changeSort(orderType === null ? [] : [{ field, orderType }])}
        onFilter={setFiltering}
      />
    );
  };

  return (
    <section className="list-page" aria-labelledby="contracts-title">
      <header className="list-toolbar">
        <H2 id="contracts-title">{t('contracts:title')}</H2>
        {list.isFetching && !list.isPending && <Tag minimal>{t('contracts:loading')}</Tag>}
      </header>

      <FilterChips
        fields={CONTRACT_FIELDS}
        filters={filters}
        onEdit={setFiltering}
        onRemove={(field) => changeFilters(withFilter(filters, field, null))}
        onClearAll={() => changeFilters([])}
      />

      <div className="list-body" aria-busy={list.isFetching}>
        {body()}
      </div>
      {list.data && list.data.totalCount > 0 && (
        <Pager
          pageIndex={pageIndex}
          pageSize={CONTRACT_PAGE_SIZE}
          totalCount={list.data.totalCount}
          onPage={setPageIndex}
        />
      )}

      <ContractFilterDialog
        field={filtering}
        filters={filters}
        onClose={() => setFiltering(null)}
        onApply={(field, filter) => {
          changeFilters(withFilter(filters, field, filter));
          setFiltering(null);
        }}
      />
    </section>
  );
}
