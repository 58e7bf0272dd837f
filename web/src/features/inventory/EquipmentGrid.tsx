import { useMemo } from 'react';
import { Button, Icon, Menu, MenuDivider, MenuItem, Tag } from '@blueprintjs/core';
import { Cell, Column, ColumnHeaderCell, RenderMode, Table2 } from '@blueprintjs/table';
import { useTranslation } from 'react-i18next';
import { GRID_ROW_HEIGHT_TALL, GRID_COLUMN_WIDTH } from '../../../../contract/limits';
import type { Equipment } from '../../../../contract/equipment';
import { OrderType, type FilterSetting, type OrderSetting } from '../../../../contract/listQuery';
import { formatDate } from '../../lib/dates';
import { fieldKind, fieldLabel, sortOf, PINNED_FIELD } from './inventoryLayout';
import type { ReactNode } from 'react';
import { RowActionsMenu, type RowActions } from './RowActionsMenu';

interface Props {
  rows: Equipment[];
  columns: string[];
  sort: OrderSetting[];
  filters: FilterSetting[];
  thumbnail(equipment: Equipment): ReactNode;
  actions: RowActions;
  onSort(field: string, orderType: 0 | 1 | null): void;
  onFilter(field: string): void;
  onReorder(columns: string[]): void;
  onHideColumn(field: string): void;
}

type Row = Record<string, unknown>;

/** A cell's text: dates in the user's language, booleans translated, nested location fields read by path. */
function useCellText() {
  const { t } = useTranslation();
  return (equipment: Equipment, field: string): string => {
    const value = field.split('.').reduce<unknown>((v, k) => (v as Row | null)?.[k], equipment);
    if (value === null || value === undefined || value === '') return '';
    const kind = fieldKind(field);
    if (kind === 'date') return formatDate(String(value));
    if (kind === 'boolean') return t(`inventory:bool_${String(value)}`);
    return String(value);
  };
}

/** The inventory grid (spec 2 section 2): pinned serial column with thumbnail, row actions, documents column. */
export function EquipmentGrid(props: Props) {
  const { t } = useTranslation();
  const text = useCellText();
  const { rows, columns, sort, filters } = props;
  const filtered = useMemo(() => new Set(filters.map((f) => f.field)), [filters]);

  const header = (field: string, movable: boolean) => {
    const order = sortOf(sort, field);
    return (
      <ColumnHeaderCell
        name={fieldLabel(t, field)}
        nameRenderer={(name) => (
          <span className="inventory-header-name">
            {name}
            {order === OrderType.Ascending && <Icon icon="sort-asc" size={12} title={t('inventory:sorted_asc')} />}
            {order === OrderType.Descending && <Icon icon="sort-desc" size={12} title={t('inventory:sorted_desc')} />}
            {filtered.has(field) && <Icon icon="filter" size={12} title={t('inventory:filtered')} />}
          </span>
        )}
        menuRenderer={() => (
          <Menu aria-label={fieldLabel(t, field)}>
            <MenuItem
              icon="sort-asc"
              text={t('inventory:sort_asc')}
              onClick={() => props.onSort(field, OrderType.Ascending)}
            />
            <MenuItem
              icon="sort-desc"
              text={t('inventory:sort_desc')}
              onClick={() => props.onSort(field, OrderType.Descending)}
            />
            <MenuItem
              icon="disable"
              text={t('inventory:sort_none')}
              disabled={order === undefined}
              onClick={() => props.onSort(field, null)}
            />
            <MenuDivider />
            <MenuItem icon="filter" text={t('inventory:filter_column')} onClick={() => props.onFilter(field)} />
            {movable && (
              <MenuItem icon="eye-off" text={t('inventory:hide_column')} onClick={() => props.onHideColumn(field)} />
            )}
          </Menu>
        )}
      />
    );
  };

  const pinned = (
    <Column
      key={PINNED_FIELD}
      id={PINNED_FIELD}
      columnHeaderCellRenderer={() => header(PINNED_FIELD, false)}
      cellRenderer={(r) => {
        const equipment = rows[r]!;
        return (
          <Cell className="inventory-serial-cell">
            <span className="inventory-thumb">{props.thumbnail(equipment)}</span>
            <span>{equipment.serial}</span>
            {equipment.isNew && (
              <Tag minimal intent="success">
                {t('inventory:new_tag')}
              </Tag>
            )}
          </Cell>
        );
      }}
    />
  );
  const actionsColumn = (
    <Column
      key="actions"
      id="actions"
      columnHeaderCellRenderer={() => <ColumnHeaderCell name={t('inventory:column_actions')} />}
      cellRenderer={(r) => (
        <Cell interactive>
          <RowActionsMenu equipment={rows[r]!} actions={props.actions} />
        </Cell>
      )}
    />
  );
  const documentsColumn = (
    <Column
      key="documents"
      id="documents"
      columnHeaderCellRenderer={() => <ColumnHeaderCell name={t('inventory:column_documents')} />}
      cellRenderer={(r) => {
        const equipment = rows[r]!;
        return (
          <Cell interactive>
            <Button
              small
              minimal
              icon={equipment.documentCount > 0 ? 'document-open' : 'add'}
              text={equipment.documentCount > 0 ? String(equipment.documentCount) : undefined}
              aria-label={
                equipment.documentCount > 0
                  ? t('inventory:documents_view', { count: equipment.documentCount })
                  : t('inventory:documents_add')
              }
              data-testid={`documents-${equipment.equipmentId}`}
              onClick={() => props.actions.documents(equipment)}
            />
          </Cell>
        );
      }}
    />
  );
  const dataColumns = columns.map((field) => (
    <Column
      key={field}
      id={field}
      columnHeaderCellRenderer={() => header(field, true)}
      cellRenderer={(r) => <Cell tooltip={text(rows[r]!, field)}>{text(rows[r]!, field)}</Cell>}
    />
  ));

  const widths = [200, 64, ...columns.map(() => GRID_COLUMN_WIDTH), 110];
  return (
    <Table2
      numRows={rows.length}
      numFrozenColumns={2}
      defaultRowHeight={GRID_ROW_HEIGHT_TALL}
      columnWidths={widths}
      enableColumnReordering
      enableRowHeader={false}
      enableFocusedCell={false}
      renderMode={RenderMode.NONE}
      cellRendererDependencies={[rows, columns, props.actions]}
      onColumnsReordered={(oldIndex, newIndex, length) => {
        // Only the data columns move: the pinned serial, actions and documents columns stay where they are.
        const first = 2;
        if (oldIndex < first || newIndex < first || oldIndex + length > first + columns.length) return;
        const next = [...columns];
        const moved = next.splice(oldIndex - first, length);
        next.splice(Math.min(newIndex - first, next.length), 0, ...moved);
        props.onReorder(next);
      }}
    >
      {[pinned, actionsColumn, ...dataColumns, documentsColumn]}
    </Table2>
  );
}

/** The tile view of the inventory. */
export function EquipmentTiles({
  rows,
  thumbnail,
  actions,
}: {
  rows: Equipment[];
  thumbnail(equipment: Equipment): ReactNode;
  actions: RowActions;
}) {
  const { t } = useTranslation();
  return (
    <ul className="inventory-tiles" aria-label={t('inventory:tiles_label')}>
      {rows.map((e) => (
        <li key={e.equipmentId} className="bp6-card bp6-elevation-1 inventory-tile">
          <div className="inventory-tile-image">{thumbnail(e)}</div>
          <div className="inventory-tile-text">
            <strong>{[e.mfg, e.model].filter(Boolean).join(' - ')}</strong>
            <span>{t('inventory:tile_serial', { serial: e.serial ?? '' })}</span>
            <span>{[e.location.city, e.building, e.room].filter(Boolean).join(' · ')}</span>
          </div>
          <div className="inventory-tile-actions">
            <Button
              small
              minimal
              icon="document"
              text={String(e.documentCount)}
              aria-label={t('inventory:documents_view', { count: e.documentCount })}
              onClick={() => actions.documents(e)}
            />
            <RowActionsMenu equipment={e} actions={actions} />
          </div>
        </li>
      ))}
    </ul>
  );
}
