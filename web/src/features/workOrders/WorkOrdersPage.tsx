import { useMemo, useState } from 'react';
import { Button, H1, InputGroup, Intent, Tab, TabPanel, Tabs, Tag } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PreferenceKeys } from '../../../../contract/preferences';
import { WORK_ORDER_PAGE_SIZE, type WorkOrderRow } from '../../../../contract/serviceCalls';
import { DocumentViewerDialog } from '../../components/documents/DocumentViewerDialog';
import { LazyHistoryDialog } from '../../components/history';
import {
  ColumnFilterDialog,
  ColumnsPanel,
  FilterChips,
  LIST_PAGE_DEFAULTS,
  LIST_PAGE_PARAMS,
  reorderedColumns,
  useFirstPageOnChange,
  useListCount,
  useRowSelection,
  SelectionBar,
  useSearchText,
  visibleColumns,
  withFilter,
} from '../../components/list';
import { SavedViewBar, useSavedViews } from '../../components/savedViews';
import { serviceCallKeys } from '../../components/serviceCalls';
import { showToast } from '../../components/showToast';
import { useListParams } from '../../lib/listUrl';
import { useScrollRestoration } from '../../lib/scrollRestoration';
import {
  activeTypeOf,
  INITIAL_WORK_ORDER_LAYOUT,
  orderSettingsOf,
  WORK_ORDER_FIELDS,
  WORK_ORDER_HISTORY_FIELDS,
  WORK_ORDER_LINK,
  WORK_ORDER_TABS,
  type WorkOrderLayout,
  type WorkOrderTab,
} from './workOrderFields';
import { WorkOrderListBody } from './WorkOrderListBody';
import { exportWorkOrders, useWorkOrderList, workOrderCountQuery, workOrderSuggestions } from './workOrderQueries';

const TABS_ID = 'work-order-tabs';

type OpenDialog = { kind: 'columns' } | { kind: 'filter'; field: string } | { kind: 'documents'; row: WorkOrderRow };

/** /app/workOrder (spec 3 section 2 "Work orders"): scheduled and past service calls with views, filters and export. */
export function WorkOrdersPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const views = useSavedViews<WorkOrderLayout>({
    preferenceKey: PreferenceKeys.workOrder,
    initialLayout: INITIAL_WORK_ORDER_LAYOUT,
    link: WORK_ORDER_LINK,
  });
  const layout = views.layout;
  const activeType = activeTypeOf(layout);
  const [{ page: pageIndex, q }, changeParams] = useListParams(LIST_PAGE_PARAMS, LIST_PAGE_DEFAULTS);
  const { typed, setTyped, keyword } = useSearchText({ searched: q, onSearch: (q) => changeParams({ q, page: 0 }) });
  const setPageIndex = (page: number) => changeParams({ page });
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [exporting, setExporting] = useState(false);
  // Kept after closing, so the dialog closes as it opened and gives the focus back to the row's button.
  const [history, setHistory] = useState<{ row: WorkOrderRow; isOpen: boolean } | null>(null);

  useFirstPageOnChange(views.status !== 'loading', [layout.filter, layout.sort, activeType], () => setPageIndex(0));

  const list = useWorkOrderList(layout, keyword, pageIndex, views.status !== 'loading');
  const count = useListCount(list, workOrderCountQuery(layout, keyword));
  const selection = useRowSelection({
    idOf: (row: WorkOrderRow) => row.serviceOrderId,
    query: [layout.filter, keyword, activeType],
  });
  useScrollRestoration(list.isSuccess && !list.isPlaceholderData);
  const columns = useMemo(() => visibleColumns(layout, WORK_ORDER_FIELDS.columns), [layout]);
  const suggestions = useMemo(() => workOrderSuggestions(activeType), [activeType]);
  const changeLayout = (change: Partial<WorkOrderLayout>) => views.changeLayout({ ...layout, ...change });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: serviceCallKeys.all });
  /** The count the grid shows now (the row the dialog was opened with may have been loaded again since). */
  const documentCountOf = (row: WorkOrderRow) =>
    list.data?.items.find((r) => r.serviceOrderId === row.serviceOrderId)?.documentCount ?? row.documentCount;

  /** The tab, or only its selected rows. */
  const exportList = async (serviceOrderIds?: readonly number[]) => {
    setExporting(true);
    try {
      await exportWorkOrders(t, layout, keyword, serviceOrderIds);
      showToast(t('workOrders:export_done'), Intent.SUCCESS);
    } catch {
      // The request layer has already told the user what went wrong.
    } finally {
      setExporting(false);
    }
  };

  const tabPanel = (
    <WorkOrderListBody
      list={list}
      paging={{ pageIndex, pageSize: WORK_ORDER_PAGE_SIZE, onPage: setPageIndex }}
      count={count}
      narrowed={layout.filter.length > 0 || keyword !== ''}
      onClearQuery={() => {
        setTyped('');
        changeLayout({ filter: [] });
      }}
      columns={columns}
      order={orderSettingsOf(layout)}
      userSorted={layout.sort.length > 0}
      filters={layout.filter}
      onSort={(field, orderType) => changeLayout({ sort: orderType === null ? [] : [{ field, orderType }] })}
      onFilter={(field) => setDialog({ kind: 'filter', field })}
      onReorder={(order) => changeLayout({ columnOrderKeys: reorderedColumns(layout, order) })}
      onHideColumn={(field) => changeLayout({ columnShowKeys: layout.columnShowKeys.filter((c) => c !== field) })}
      onDocuments={(row) => setDialog({ kind: 'documents', row })}
      onHistory={(row) => setHistory({ row, isOpen: true })}
      selection={selection}
    />
  );

  return (
    <section className="list-page">
      <header className="list-toolbar">
        <H1 id="work-orders-title">{t('workOrders:title')}</H1>
        <SavedViewBar views={views} />
        <InputGroup
          type="search"
          leftIcon="search"
          className="list-search"
          data-tour="work-order-search"
          placeholder={t('workOrders:search_placeholder')}
          aria-label={t('workOrders:search_placeholder')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <Button
          icon="column-layout"
          data-tour="work-order-columns"
          text={t('workOrders:columns')}
          onClick={() => setDialog({ kind: 'columns' })}
        />
        <Button
          icon="export"
          data-tour="work-order-export"
          text={t('workOrders:export')}
          loading={exporting}
          onClick={() => void exportList()}
        />
      </header>

      <div data-tour="work-order-tabs">
        <Tabs
          id={TABS_ID}
          selectedTabId={activeType}
          onChange={(tab) => changeLayout({ activeType: tab as WorkOrderTab })}
          aria-label={t('workOrders:tabs_label')}
        >
          {WORK_ORDER_TABS.map((tab) => (
            <Tab key={tab} id={tab} title={t(`workOrders:tab_${tab}`)} />
          ))}
        </Tabs>
      </div>

      <FilterChips
        fields={WORK_ORDER_FIELDS}
        filters={layout.filter}
        onEdit={(field) => setDialog({ kind: 'filter', field })}
        onRemove={(field) => changeLayout({ filter: withFilter(layout.filter, field, null) })}
        onClearAll={() => changeLayout({ filter: [] })}
      />

      <SelectionBar selection={selection}>
        <Button
          icon="export"
          text={t('list_export_selected')}
          loading={exporting}
          onClick={() => void exportList(selection.ids)}
        />
      </SelectionBar>

      <TabPanel id={activeType} parentId={TABS_ID} selectedTabId={activeType} panel={tabPanel} className="list-panel" />
      {list.isFetching && !list.isPending && <Tag minimal>{t('workOrders:loading')}</Tag>}

      <ColumnFilterDialog
        field={dialog?.kind === 'filter' ? dialog.field : null}
        fields={WORK_ORDER_FIELDS}
        suggestions={suggestions}
        filters={layout.filter}
        keyword={keyword}
        onClose={() => setDialog(null)}
        onApply={(field, filter) => {
          changeLayout({ filter: withFilter(layout.filter, field, filter) });
          setDialog(null);
        }}
      />
      <ColumnsPanel
        isOpen={dialog?.kind === 'columns'}
        fields={WORK_ORDER_FIELDS}
        shown={layout.columnShowKeys}
        onChange={(shown) => changeLayout({ columnShowKeys: shown })}
        onClose={() => setDialog(null)}
      />
      {dialog?.kind === 'documents' && (
        <DocumentViewerDialog
          isOpen
          ownerType="ServiceCall"
          ownerId={dialog.row.serviceOrderId}
          title={t('workOrders:documents_title', { serviceOrderNo: dialog.row.serviceOrderNo })}
          onClose={() => setDialog(null)}
          onCountChange={(count) => count !== documentCountOf(dialog.row) && refresh()}
        />
      )}
      {history && (
        <LazyHistoryDialog
          isOpen={history.isOpen}
          kind="serviceCall"
          id={history.row.serviceOrderId}
          title={t('history:work_order_title', { serviceOrderNo: history.row.serviceOrderNo })}
          label={t('history:work_order_title', { serviceOrderNo: history.row.serviceOrderNo })}
          fields={WORK_ORDER_HISTORY_FIELDS}
          onClose={() => setHistory({ ...history, isOpen: false })}
        />
      )}
    </section>
  );
}
