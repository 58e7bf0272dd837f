import { useEffect, useMemo, useState } from 'react';
import { Button, Callout, DialogBody, DialogFooter, H1, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../../../contract/equipment';
import { PreferenceKeys } from '../../../../contract/preferences';
import { DocumentViewerDialog } from '../../components/documents/DocumentViewerDialog';
import { equipmentFieldLabelKey } from '../../components/equipmentForm';
import { EquipmentThumbnail } from '../../components/images/EquipmentThumbnail';
import { ImageViewerDialog } from '../../components/images/ImageViewerDialog';
import {
  ColumnFilterDialog,
  ColumnsPanel,
  FilterChips,
  LIST_PAGE_DEFAULTS,
  LIST_PAGE_PARAMS,
  ListBody,
  reorderedColumns,
  useFirstPageOnChange,
  useSearchText,
  visibleColumns,
  withFilter,
  useListCount,
} from '../../components/list';
import { SavedViewBar, useSavedViews } from '../../components/savedViews';
import { showToast } from '../../components/showToast';
import { useCurrentSession } from '../../lib/currentUser';
import { useListParams } from '../../lib/listUrl';
import { useScrollRestoration } from '../../lib/scrollRestoration';
import { ProductsGrid } from './ProductsGrid';
import { initialProductsLayout, PRODUCTS_LINK, productsFields, type ProductsLayout } from './productsFields';
import { equipmentKeys } from '../../lib/equipmentKeys';
import { PRODUCTS_SUGGESTIONS, saveRows } from './api/productsChanges';
import { PRODUCTS_PAGE_SIZE, productsCountQuery, useProductsList } from './productsQueries';
import { problemsOf, rowsToSave } from './rowEdits';
import { useRowEdits } from './useRowEdits';
import { PortalDialog } from '../../components/dialog/PortalDialog';
import './productsManagement.css';

type OpenDialog =
  { kind: 'images' | 'documents'; equipment: Equipment } | { kind: 'columns' } | { kind: 'filter'; field: string };

const titleOf = (e: Equipment) => [e.mfg, e.model, e.serial].filter(Boolean).join(' - ');

/**
 * /administration/productsManagement (spec 3 sections 2 and 4): the PE user's grid over the switched customer's
 * equipment, hidden instruments included, with saved views, editable cells and an Update of the selected rows.
 */
export function ProductsManagementPage() {
  const { t } = useTranslation();
  const { adminMode } = useCurrentSession();
  const queryClient = useQueryClient();
  const fields = useMemo(() => productsFields(equipmentFieldLabelKey), []);
  const rowEdits = useRowEdits();
  const { edits, selected, guard } = rowEdits;
  const [initialLayout] = useState(initialProductsLayout);
  const views = useSavedViews<ProductsLayout>({
    preferenceKey: PreferenceKeys.productsManagement,
    initialLayout,
    hasUnsavedData: rowEdits.dirty,
    link: PRODUCTS_LINK,
  });
  const layout = views.layout;
  const [{ page: pageIndex, q }, changeParams] = useListParams(LIST_PAGE_PARAMS, LIST_PAGE_DEFAULTS);
  const { typed, setTyped, keyword } = useSearchText({ searched: q, onSearch: (q) => changeParams({ q, page: 0 }) });
  const setPageIndex = (page: number) => changeParams({ page });
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [saving, setSaving] = useState(false);
  const list = useProductsList(layout, keyword, pageIndex, views.status !== 'loading');
  const count = useListCount(list, productsCountQuery(layout, keyword));
  const columns = useMemo(() => visibleColumns(layout, fields.columns), [layout, fields]);

  useFirstPageOnChange(views.status !== 'loading', [layout.filter, layout.sort], () => setPageIndex(0));
  useScrollRestoration(list.isSuccess && !list.isPlaceholderData);
  // Another view was chosen (the saved-view machine asked first): its rows start without edits.
  const { clear } = rowEdits;
  useEffect(() => clear(), [views.currentViewId]); // eslint-disable-line react-hooks/exhaustive-deps

  const changeLayout = (change: Partial<ProductsLayout>) => views.changeLayout({ ...layout, ...change });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: equipmentKeys.productsManagement() });

  const update = async () => {
    const body = rowsToSave(edits, selected);
    const problems = problemsOf(body);
    rowEdits.setProblems(problems);
    // The cells turn red and the warning shows above the grid; nothing is sent.
    if ([...problems.values()].some((cells) => Object.keys(cells).length > 0)) {
      showToast(t('validation_failed_tip'), Intent.WARNING);
      return;
    }
    setSaving(true);
    try {
      await saveRows(body);
      rowEdits.clear();
      setPageIndex(0);
      refresh();
      showToast(t('productsManagement:updated', { count: body.length }), Intent.SUCCESS);
    } catch {
      // The request layer has already told the user what went wrong; the edits stay for another try.
    } finally {
      setSaving(false);
    }
  };

  const problemTexts = [
    ...new Set([...rowEdits.problems.values()].flatMap((cells) => Object.values(cells)).map((key) => t(key))),
  ];
  const narrowed = layout.filter.length > 0 || keyword !== '';

  return (
    <section className="list-page" aria-labelledby="products-title">
      <header className="list-toolbar">
        <H1 id="products-title">{t('productsManagement:title')}</H1>
        <SavedViewBar views={views} />
        <InputGroup
          type="search"
          leftIcon="search"
          className="list-search"
          placeholder={t('productsManagement:search_placeholder')}
          aria-label={t('productsManagement:search_placeholder')}
          value={typed}
          onChange={(e) => {
            const text = e.target.value;
            guard(() => setTyped(text));
          }}
        />
        <Button
          icon="column-layout"
          text={t('productsManagement:columns')}
          onClick={() => setDialog({ kind: 'columns' })}
        />
        <Button
          icon="floppy-disk"
          intent={Intent.PRIMARY}
          text={t('productsManagement:update', { count: edits.size })}
          disabled={edits.size === 0 || selected.size === 0}
          loading={saving}
          onClick={() => void update()}
        />
      </header>

      {problemTexts.length > 0 && (
        <Callout intent={Intent.DANGER} role="alert">
          {problemTexts.join(' ')}
        </Callout>
      )}

      <FilterChips
        fields={fields}
        filters={layout.filter}
        onEdit={(field) => setDialog({ kind: 'filter', field })}
        onRemove={(field) => guard(() => changeLayout({ filter: withFilter(layout.filter, field, null) }))}
        onClearAll={() => guard(() => changeLayout({ filter: [] }))}
      />

      <ListBody
        list={list}
        paging={{
          pageIndex: pageIndex,
          pageSize: PRODUCTS_PAGE_SIZE,
          onPage: (index) => guard(() => setPageIndex(index)),
        }}
        count={count}
        texts={{
          loading: t('productsManagement:loading'),
          loadFailed: t('productsManagement:load_failed'),
          empty: t('productsManagement:empty'),
          emptyFiltered: t('productsManagement:empty_filtered'),
          // Provider staff manage the switched customer's products: another customer's are one switch away.
          emptyHint: t(`productsManagement:${adminMode ? 'empty_switch_hint_admin' : 'empty_switch_hint'}`, {
            action: t('switch_customer'),
          }),
        }}
        emptyIcon="lab-test"
        narrowed={narrowed}
        onClearQuery={() =>
          guard(() => {
            setTyped('');
            changeLayout({ filter: [] });
          })
        }
      >
        {(items) => (
          <ProductsGrid
            rows={items}
            fields={fields}
            columns={columns}
            sort={layout.sort}
            filters={layout.filter}
            edits={edits}
            problems={rowEdits.problems}
            selected={selected}
            thumbnail={(e) => (
              <EquipmentThumbnail image={e.instrumentImageData?.defaultImage ?? null} alt={titleOf(e)} />
            )}
            onEdit={(equipment, field, value) => rowEdits.change(equipment, { field, value })}
            onHiddenChange={(equipment, value) => rowEdits.change(equipment, { field: 'isHidden', value })}
            onSelect={rowEdits.select}
            onSelectAll={(on) =>
              rowEdits.selectAll(
                items.map((e) => e.equipmentId),
                on,
              )
            }
            onImages={(equipment) => setDialog({ kind: 'images', equipment })}
            onDocuments={(equipment) => setDialog({ kind: 'documents', equipment })}
            onSort={(field, orderType) =>
              guard(() => changeLayout({ sort: orderType === null ? [] : [{ field, orderType }] }))
            }
            onFilter={(field) => setDialog({ kind: 'filter', field })}
            onReorder={(order) => changeLayout({ columnOrderKeys: reorderedColumns(layout, order) })}
            onHideColumn={(field) => changeLayout({ columnShowKeys: layout.columnShowKeys.filter((c) => c !== field) })}
          />
        )}
      </ListBody>
      {list.isFetching && !list.isPending && <Tag minimal>{t('productsManagement:loading')}</Tag>}

      <ColumnFilterDialog
        field={dialog?.kind === 'filter' ? dialog.field : null}
        fields={fields}
        suggestions={PRODUCTS_SUGGESTIONS}
        filters={layout.filter}
        keyword={keyword}
        onClose={() => setDialog(null)}
        onApply={(field, filter) => {
          setDialog(null);
          guard(() => changeLayout({ filter: withFilter(layout.filter, field, filter) }));
        }}
      />
      <ColumnsPanel
        isOpen={dialog?.kind === 'columns'}
        fields={fields}
        shown={layout.columnShowKeys}
        onChange={(shown) => changeLayout({ columnShowKeys: shown })}
        onClose={() => setDialog(null)}
      />
      {dialog?.kind === 'documents' && (
        <DocumentViewerDialog
          isOpen
          ownerType="Equipment"
          ownerId={dialog.equipment.equipmentId}
          title={titleOf(dialog.equipment)}
          onClose={() => setDialog(null)}
          onCountChange={(count) => count !== dialog.equipment.documentCount && refresh()}
        />
      )}
      {dialog?.kind === 'images' && (
        <ImageViewerDialog
          isOpen
          equipmentId={dialog.equipment.equipmentId}
          title={titleOf(dialog.equipment)}
          imageData={dialog.equipment.instrumentImageData}
          officialImageUrl={dialog.equipment.largeImageUrl}
          onClose={() => setDialog(null)}
          onChanged={refresh}
        />
      )}
      <PortalDialog
        isOpen={rowEdits.confirmation.isOpen}
        role="alertdialog"
        icon="warning-sign"
        title={t('productsManagement:unsaved_rows_title')}
        onClose={rowEdits.confirmation.onKeepEditing}
      >
        <DialogBody>
          <p>{t('productsManagement:unsaved_rows_confirm', { count: edits.size })}</p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('productsManagement:keep_editing')} onClick={rowEdits.confirmation.onKeepEditing} />
              <Button
                intent={Intent.DANGER}
                text={t('productsManagement:discard_edits')}
                onClick={rowEdits.confirmation.onDiscard}
              />
            </>
          }
        />
      </PortalDialog>
    </section>
  );
}
