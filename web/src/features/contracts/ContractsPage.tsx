import { useState } from 'react';
import { H1, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { CONTRACT_PAGE_SIZE } from '../../../../contract/contracts';
import type { FilterSetting, OrderSetting } from '../../../../contract/listQuery';
import { FilterChips, ListBody, useListCount, usePageWithinList, withFilter } from '../../components/list';
import { useListParams } from '../../lib/listUrl';
import { contractCountQuery, useContractList } from './api/contractList';
import { contractOrder, CONTRACT_FIELDS, CONTRACT_LIST_DEFAULTS, CONTRACT_LIST_PARAMS } from './contractFields';
import { ContractFilterDialog } from './ContractFilterDialog';
import { ContractGrid } from './ContractGrid';

/** /app/contractManagement (spec 3 "Contract management"): the customer's contracts, read-only, filtered and sorted. */
export function ContractsPage() {
  const { t } = useTranslation();
  const [{ filter: filters, sort, page: pageIndex }, change] = useListParams(
    CONTRACT_LIST_PARAMS,
    CONTRACT_LIST_DEFAULTS,
  );
  const [filtering, setFiltering] = useState<string | null>(null);
  const list = useContractList(filters, sort, pageIndex);
  const count = useListCount(list, contractCountQuery(filters));

  // A new filter or sort starts again from the first page.
  const changeFilters = (filter: FilterSetting[]) => change({ filter, page: 0 });
  const changeSort = (next: OrderSetting[]) => change({ sort: next, page: 0 });
  const setPageIndex = (page: number) => change({ page });
  usePageWithinList(
    pageIndex,
    CONTRACT_PAGE_SIZE,
    list.isPlaceholderData ? undefined : list.data?.totalCount,
    setPageIndex,
    list.data?.totalCountExact !== false,
  );

  return (
    <section className="list-page" aria-labelledby="contracts-title">
      <header className="list-toolbar">
        <H1 id="contracts-title">{t('contracts:title')}</H1>
        {list.isFetching && !list.isPending && <Tag minimal>{t('contracts:loading')}</Tag>}
      </header>

      <FilterChips
        fields={CONTRACT_FIELDS}
        filters={filters}
        onEdit={setFiltering}
        onRemove={(field) => changeFilters(withFilter(filters, field, null))}
        onClearAll={() => changeFilters([])}
      />

      <ListBody
        list={list}
        paging={{ pageIndex, pageSize: CONTRACT_PAGE_SIZE, onPage: setPageIndex }}
        count={count}
        texts={{
          loading: t('contracts:loading'),
          loadFailed: t('contracts:load_failed'),
          empty: t('contracts:empty'),
          emptyFiltered: t('contracts:empty_filtered'),
          emptyHint: t('contracts:empty_hint'),
        }}
        emptyIcon="document"
        narrowed={filters.length > 0}
        onClearQuery={() => changeFilters([])}
      >
        {(rows) => (
          <ContractGrid
            rows={rows}
            order={contractOrder(sort)}
            userSorted={sort.length > 0}
            filters={filters}
            onSort={(field, orderType) => changeSort(orderType === null ? [] : [{ field, orderType }])}
            onFilter={setFiltering}
          />
        )}
      </ListBody>

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
