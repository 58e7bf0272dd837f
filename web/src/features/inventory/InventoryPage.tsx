import { useMemo, useState } from 'react';
import { Button, ButtonGroup, H1, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NEW_EQUIPMENT_MAX, type Equipment } from '../../../../contract/equipment';
import { PreferenceKeys } from '../../../../contract/preferences';
import { INVENTORY_PAGE_SIZE } from '../../../../contract/limits';
import { SavedViewBar, useSavedViews } from '../../components/savedViews';
import { useCurrentSession } from '../../lib/currentUser';
import { useListParams } from '../../lib/listUrl';
import { readLocal, writeLocal } from '../../lib/localSettings';
import { useScrollRestoration } from '../../lib/scrollRestoration';
import { DocumentViewerDialog } from '../../components/documents/DocumentViewerDialog';
import {
  ColumnFilterDialog,
  ColumnsPanel,
  FilterChips,
  LIST_PAGE_DEFAULTS,
  LIST_PAGE_PARAMS,
  ListBody,
  reorderedColumns,
  useFirstPageOnChange,
  useListCount,
  useRowSelection,
  useSearchText,
  visibleColumns,
  withFilter,
} from '../../components/list';
import { equipmentKeys } from '../../lib/equipmentKeys';
import { INVENTORY_SUGGESTIONS } from './api/inventoryFilterFields';
import { useInventoryExport } from './useInventoryExport';
import { EquipmentGrid, EquipmentTiles } from './EquipmentGrid';
import {
  initialInventoryLayout,
  INVENTORY_FIELDS,
  INVENTORY_LINK,
  MODE_STORAGE_KEY,
  type InventoryLayout,
  type InventoryMode,
} from './inventoryLayout';
import type { RowActions } from './RowActionsMenu';
import { InventoryBulkActions } from './InventoryBulkActions';
import { BulkServiceIntervalDialog } from './serviceIntervals/BulkServiceIntervalDialog';
import { ContractTeamDialog } from '../../components/contractRequest/ContractTeamDialog';
import { EditEhsForEquipment } from '../../components/ehs/EditEhsForEquipment';
import { EquipmentThumbnail } from '../../components/images/EquipmentThumbnail';
import { ImageViewerDialog } from '../../components/images/ImageViewerDialog';
import { equipmentCountQuery, useEquipmentList } from './api/equipmentList';
import { ImportProductDialog } from './importProduct/ImportProductDialog';
import { ProductAddingGate } from './importProduct/ProductAddingGate';
import { ServiceOrdersPanel } from './serviceOrders/ServiceOrdersPanel';
import { ArcRequestsPanel } from './arcRequests/ArcRequestsPanel';
import { invalidateArcRequests } from './arcRequests/arcRequests';
import { ServiceRequestDialog } from '../../components/serviceRequest/ServiceRequestDialog';
import { LabelSheetDialog } from '../../components/labels/LabelSheetDialog';
import { UpcomingReservationsPanel } from './upcomingReservations/UpcomingReservationsPanel';
import {
  DeleteEquipmentAlert,
  DeleteEquipmentListAlert,
  deletesEquipment,
  EquipmentFormDialog,
  LinkEquipmentDialog,
  useNewEquipmentCount,
} from '../../components/equipmentForm';

/** Make - model - serial, as the dialogs name an equipment. */
export const equipmentTitle = (e: Equipment) => [e.mfg, e.model, e.serial].filter(Boolean).join(' - ');

type OpenDialog =
  | {
      kind:
        | 'serviceRequest'
        | 'serviceOrders'
        | 'edit'
        | 'images'
        | 'documents'
        | 'reservations'
        | 'ehs'
        | 'contractChange'
        | 'arcRequests'
        | 'remove';
      equipment: Equipment;
    }
  | { kind: 'removeSelected' | 'serviceInterval'; equipment: readonly Equipment[] }
  | { kind: 'labels'; equipmentIds: readonly number[] }
  | { kind: 'add' | 'import' | 'link' | 'columns' }
  | { kind: 'filter'; field: string };

/** /app/product (spec 2 section 2): the user's equipment as a grid or tiles, with views, filters and actions. */
export function InventoryPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { user } = useCurrentSession();
  const newEquipment = useNewEquipmentCount();
  const [initialLayout] = useState(() => initialInventoryLayout(readLocal<InventoryMode>(MODE_STORAGE_KEY, 'grid')));
  const views = useSavedViews<InventoryLayout>({
    preferenceKey: PreferenceKeys.inventory,
    initialLayout,
    link: INVENTORY_LINK,
  });
  const layout = views.layout;
  const [{ page: pageIndex, q }, changeParams] = useListParams(LIST_PAGE_PARAMS, LIST_PAGE_DEFAULTS);
  const { typed, setTyped, keyword } = useSearchText({ searched: q, onSearch: (q) => changeParams({ q, page: 0 }) });
  const setPageIndex = (page: number) => changeParams({ page });
  const [dialog, setDialog] = useState<OpenDialog | null>(null);

  useFirstPageOnChange(views.status !== 'loading', [layout.filter, layout.sort], () => setPageIndex(0));

  const changeLayout = (change: Partial<InventoryLayout>) => views.changeLayout({ ...layout, ...change });
  const searchText = layout.mode === 'grid' ? keyword : '';

  const list = useEquipmentList(
    { filter: layout.filter, sort: layout.sort, keyword: searchText, pageIndex },
    views.status !== 'loading',
  );
  const count = useListCount(list, equipmentCountQuery({ filter: layout.filter, keyword: searchText }));
  const selection = useRowSelection({
    idOf: (e: Equipment) => e.equipmentId,
    query: [layout.filter, searchText, layout.mode],
  });
  useScrollRestoration(list.isSuccess && !list.isPlaceholderData);
  const columns = useMemo(() => visibleColumns(layout, INVENTORY_FIELDS.columns), [layout]);
  const { exporting, exportList } = useInventoryExport({ ...layout, keyword: searchText, columns });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: equipmentKeys.all });

  const actions: RowActions = {
    serviceRequest: (equipment) => setDialog({ kind: 'serviceRequest', equipment }),
    serviceOrders: (equipment) => setDialog({ kind: 'serviceOrders', equipment }),
    edit: (equipment) => setDialog({ kind: 'edit', equipment }),
    images: (equipment) => setDialog({ kind: 'images', equipment }),
    documents: (equipment) => setDialog({ kind: 'documents', equipment }),
    reservations: (equipment) => setDialog({ kind: 'reservations', equipment }),
    ehs: (equipment) => setDialog({ kind: 'ehs', equipment }),
    contractChange: (equipment) => setDialog({ kind: 'contractChange', equipment }),
    arcRequests: (equipment) => setDialog({ kind: 'arcRequests', equipment }),
    remove: (equipment) => setDialog({ kind: 'remove', equipment }),
    deletes: (equipment) => deletesEquipment(equipment, user.userId),
  };

  const thumbnail = (e: Equipment) => (
    <EquipmentThumbnail image={e.instrumentImageData?.defaultImage ?? null} alt={equipmentTitle(e)} />
  );

  const setMode = (mode: InventoryMode) => {
    writeLocal(MODE_STORAGE_KEY, mode);
    changeLayout({ mode });
  };
  const hasQuery = layout.filter.length > 0 || searchText !== '';

  return (
    <section className="list-page">
      <header className="list-toolbar">
        <H1 id="inventory-title">{t('inventory:title')}</H1>
        <SavedViewBar views={views} />
        {layout.mode === 'grid' && (
          <InputGroup
            type="search"
            leftIcon="search"
            className="list-search"
            data-tour="inventory-search"
            placeholder={t('inventory:search_placeholder')}
            aria-label={t('inventory:search_placeholder')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        )}
        <ButtonGroup aria-label={t('inventory:mode_label')} data-tour="inventory-mode">
          <Button
            icon="th"
            aria-label={t('inventory:mode_grid')}
            aria-pressed={layout.mode === 'grid'}
            active={layout.mode === 'grid'}
            onClick={() => setMode('grid')}
          />
          <Button
            icon="grid-view"
            aria-label={t('inventory:mode_tile')}
            aria-pressed={layout.mode === 'tile'}
            active={layout.mode === 'tile'}
            onClick={() => setMode('tile')}
          />
        </ButtonGroup>
        {layout.mode === 'grid' && (
          <Button
            icon="column-layout"
            data-tour="inventory-columns"
            text={t('inventory:columns')}
            onClick={() => setDialog({ kind: 'columns' })}
          />
        )}
        <Button
          icon="export"
          data-tour="inventory-export"
          text={t('inventory:export')}
          loading={exporting}
          onClick={() => exportList()}
        />
        <ProductAddingGate>
          <Button icon="import" text={t('inventory:import')} onClick={() => setDialog({ kind: 'import' })} />
        </ProductAddingGate>
        <ProductAddingGate>
          <Button
            icon="add"
            intent={Intent.PRIMARY}
            text={t('inventory:new_product')}
            onClick={() => setDialog({ kind: 'add' })}
          />
        </ProductAddingGate>
        <Button
          icon="link"
          data-tour="inventory-manage"
          text={t('inventory:manage_products')}
          onClick={() => setDialog({ kind: 'link' })}
          endIcon={
            newEquipment.count > 0 ? (
              <Tag
                round
                intent={Intent.SUCCESS}
                aria-label={t('inventory:new_available', { count: newEquipment.count })}
              >
                {newEquipment.count >= NEW_EQUIPMENT_MAX ? `${NEW_EQUIPMENT_MAX}+` : newEquipment.count}
              </Tag>
            ) : undefined
          }
        />
      </header>

      <FilterChips
        fields={INVENTORY_FIELDS}
        filters={layout.filter}
        onEdit={(field) => setDialog({ kind: 'filter', field })}
        onRemove={(field) => changeLayout({ filter: withFilter(layout.filter, field, null) })}
        onClearAll={() => changeLayout({ filter: [] })}
      />

      {layout.mode === 'grid' && (
        <InventoryBulkActions
          selection={selection}
          exporting={exporting}
          onExport={exportList}
          onRemove={(equipment) => setDialog({ kind: 'removeSelected', equipment })}
          onServiceRequest={(equipment) => setDialog({ kind: 'serviceRequest', equipment })}
          onPrintLabels={(equipmentIds) => setDialog({ kind: 'labels', equipmentIds })}
          onSetServiceInterval={(equipment) => setDialog({ kind: 'serviceInterval', equipment })}
        />
      )}

      <ListBody
        list={list}
        paging={{ pageIndex, pageSize: INVENTORY_PAGE_SIZE, onPage: setPageIndex }}
        count={count}
        tour="inventory-list"
        texts={{
          loading: t('inventory:loading'),
          loadFailed: t('inventory:load_failed'),
          empty: t('inventory:empty'),
          emptyFiltered: t('inventory:empty_filtered'),
          emptyHint: t('inventory:empty_hint'),
        }}
        emptyIcon="lab-test"
        emptyAction={
          <Button icon="link" text={t('inventory:empty_link')} onClick={() => setDialog({ kind: 'link' })} />
        }
        narrowed={hasQuery}
        onClearQuery={() => {
          setTyped('');
          changeLayout({ filter: [] });
        }}
      >
        {(rows) =>
          layout.mode === 'grid' ? (
            <EquipmentGrid
              rows={rows}
              columns={columns}
              sort={layout.sort}
              filters={layout.filter}
              thumbnail={thumbnail}
              actions={actions}
              selection={selection}
              onSort={(field, orderType) => changeLayout({ sort: orderType === null ? [] : [{ field, orderType }] })}
              onFilter={(field) => setDialog({ kind: 'filter', field })}
              onReorder={(order) => changeLayout({ columnOrderKeys: reorderedColumns(layout, order) })}
              onHideColumn={(field) =>
                changeLayout({ columnShowKeys: layout.columnShowKeys.filter((c) => c !== field) })
              }
            />
          ) : (
            <EquipmentTiles rows={rows} thumbnail={thumbnail} actions={actions} />
          )
        }
      </ListBody>
      {list.isFetching && !list.isPending && <Tag minimal>{t('inventory:loading')}</Tag>}

      <ColumnFilterDialog
        field={dialog?.kind === 'filter' ? dialog.field : null}
        fields={INVENTORY_FIELDS}
        suggestions={INVENTORY_SUGGESTIONS}
        filters={layout.filter}
        keyword={searchText}
        onClose={() => setDialog(null)}
        onApply={(field, filter) => {
          changeLayout({ filter: withFilter(layout.filter, field, filter) });
          setDialog(null);
        }}
      />
      {dialog?.kind === 'labels' && (
        <LabelSheetDialog equipmentIds={dialog.equipmentIds} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'contractChange' && (
        <ContractTeamDialog
          equipment={dialog.equipment}
          onClose={() => {
            // A request just sent shows in View ARC requests.
            void invalidateArcRequests(queryClient, dialog.equipment.equipmentId);
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === 'ehs' && (
        <EditEhsForEquipment equipmentId={dialog.equipment.equipmentId} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'documents' && (
        <DocumentViewerDialog
          isOpen
          ownerType="Equipment"
          ownerId={dialog.equipment.equipmentId}
          title={equipmentTitle(dialog.equipment)}
          onClose={() => setDialog(null)}
          onCountChange={(count) => count !== dialog.equipment.documentCount && refresh()}
        />
      )}
      {dialog?.kind === 'images' && (
        <ImageViewerDialog
          isOpen
          equipmentId={dialog.equipment.equipmentId}
          title={equipmentTitle(dialog.equipment)}
          imageData={dialog.equipment.instrumentImageData}
          officialImageUrl={dialog.equipment.largeImageUrl}
          onClose={() => setDialog(null)}
          onChanged={refresh}
        />
      )}
      {dialog?.kind === 'serviceOrders' && (
        <ServiceOrdersPanel
          equipment={dialog.equipment}
          title={equipmentTitle(dialog.equipment)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'arcRequests' && (
        <ArcRequestsPanel
          equipment={dialog.equipment}
          title={equipmentTitle(dialog.equipment)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'reservations' && (
        <UpcomingReservationsPanel
          equipment={dialog.equipment}
          title={equipmentTitle(dialog.equipment)}
          onClose={() => setDialog(null)}
        />
      )}
      <EquipmentFormDialog
        isOpen={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        equipment={dialog?.kind === 'edit' ? dialog.equipment : null}
        onClose={() => setDialog(null)}
        onSaved={refresh}
      />
      <LinkEquipmentDialog isOpen={dialog?.kind === 'link'} onClose={() => setDialog(null)} onLinked={refresh} />
      <DeleteEquipmentAlert
        equipment={dialog?.kind === 'remove' ? dialog.equipment : null}
        onClose={() => setDialog(null)}
        onDeleted={() => {
          refresh();
          if (dialog?.kind === 'remove') selection.unselect([dialog.equipment.equipmentId]);
        }}
      />
      <DeleteEquipmentListAlert
        equipment={dialog?.kind === 'removeSelected' ? dialog.equipment : []}
        onClose={() => setDialog(null)}
        onRemoved={selection.unselect}
      />
      {dialog?.kind === 'serviceInterval' && (
        <BulkServiceIntervalDialog equipment={dialog.equipment} onClose={() => setDialog(null)} />
      )}
      <ServiceRequestDialog
        isOpen={dialog?.kind === 'serviceRequest'}
        equipment={dialog?.kind === 'serviceRequest' ? dialog.equipment : null}
        onClose={() => setDialog(null)}
      />
      <ImportProductDialog isOpen={dialog?.kind === 'import'} onClose={() => setDialog(null)} onImported={refresh} />
      <ColumnsPanel
        isOpen={dialog?.kind === 'columns'}
        fields={INVENTORY_FIELDS}
        shown={layout.columnShowKeys}
        onChange={(shown) => changeLayout({ columnShowKeys: shown })}
        onClose={() => setDialog(null)}
      />
    </section>
  );
}
