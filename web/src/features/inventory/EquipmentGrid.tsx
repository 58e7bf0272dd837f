import type { ReactNode } from 'react';
import { Tag } from '@blueprintjs/core';
import { Cell, RenderMode, Table } from '@blueprintjs/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { GRID_ROW_HEIGHT_TALL, GRID_COLUMN_WIDTH } from '../../../../contract/limits';
import type { Equipment } from '../../../../contract/equipment';
import type { FilterSetting, OrderSetting } from '../../../../contract/listQuery';
import {
  columnHeaders,
  controlColumn,
  DocumentsButton,
  fieldColumns,
  gridColumn,
  movedColumns,
  namedHeader,
  RowButton,
  selectColumn,
  SELECT_COLUMN_WIDTH,
  textCell,
  thumbnailCell,
  useGridKeyboard,
  valueAt,
  valueText,
  type RowSelection,
} from '../../components/list';
import { useCurrentSession } from '../../lib/currentUser';
import { INVENTORY_FIELDS, PINNED_FIELD } from './inventoryLayout';
import { RowActionsMenu, type RowActions } from './RowActionsMenu';
import { CONTRACT_STATUS_INTENT, latestContractStatus } from '../../components/contractStatusIntent';
import { NextVisitButton, NextVisitLine } from './NextVisit';
import { DueDateTag, useDueText } from '../../components/serviceIntervals';
import { DueDatesLine } from './DueDatesLine';

interface Props {
  rows: Equipment[];
  columns: string[];
  sort: OrderSetting[];
  filters: FilterSetting[];
  thumbnail(equipment: Equipment): ReactNode;
  actions: RowActions;
  selection: RowSelection<Equipment, number>;
  onSort(field: string, orderType: 0 | 1 | null): void;
  onFilter(field: string): void;
  onReorder(columns: string[]): void;
  onHideColumn(field: string): void;
}

/** The instrument's own page (spec 2 section 2). */
const detailPath = (base: string, e: Equipment) => `${base}/product/equipmentDetail/${e.equipmentId}`;

/** The checkbox, serial and actions columns stay in place at the left. */
const FROZEN_COLUMNS = 3;
/** The serial's link is a row's main action (Enter on a cell without a control of its own opens the instrument). */
const SERIAL_COLUMN = 1;
/** The data columns, the ones a user moves, follow the frozen ones and the next-visit column. */
const FIRST_DATA_COLUMN = FROZEN_COLUMNS + 1;

/** Width of the next-visit column: a date and the count of further visits. Chosen: not in spec. */
const NEXT_VISIT_WIDTH = 200;
/** Wide enough for the Actions header in every language (the longest, "Aktionen" and "Acciones", beside its drag handle). */
const ACTIONS_WIDTH = 104;

/** The grid's contract column. */
const CONTRACT_FIELD = 'contractCategroy';
/** The due-date columns, flagged when due soon or overdue. */
const DUE_FIELDS: readonly string[] = ['nextCalibrationDue', 'nextMaintenanceDue'];
/** Wide enough for a date and "overdue" beside its icon in every language, so the word is never cut. */
const DUE_COLUMN_WIDTH = 230;

/** The inventory grid (spec 2 section 2): pinned serial column with thumbnail, row actions, documents column. */
export function EquipmentGrid(props: Props) {
  const { t } = useTranslation();
  const { base } = useCurrentSession();
  const { rows, columns, sort, selection } = props;
  const keyboard = useGridKeyboard({
    label: t('inventory:grid_label'),
    rowCount: rows.length,
    mainColumn: SERIAL_COLUMN,
    onToggle: (row) => selection.toggle(rows[row]!),
  });
  /** A cell's text; nested location fields are read by path. */
  const text = (equipment: Equipment, field: string) =>
    valueText(t, INVENTORY_FIELDS, field, valueAt(equipment, field));

  /** The contract column says, and colours, how its latest contract stands (spec 2 section 4). */
  const contractCell = (equipment: Equipment) => {
    const status = latestContractStatus(equipment);
    if (!status) return textCell(text(equipment, CONTRACT_FIELD));
    const words = [text(equipment, CONTRACT_FIELD), t(`equipmentDetail:contract_status_${status}`)]
      .filter(Boolean)
      .join(' · ');
    return textCell(words, CONTRACT_STATUS_INTENT[status]);
  };

  const dueText = useDueText();
  const dueCell = (equipment: Equipment, field: string) => {
    const due = valueAt(equipment, field) as string | null;
    return (
      <Cell tooltip={due ? dueText(due) : undefined}>
        <DueDateTag due={due} testId={`${field}-${equipment.equipmentId}`} />
      </Cell>
    );
  };

  const header = columnHeaders({ ...props, t, fields: INVENTORY_FIELDS, order: sort });

  const checkboxes = selectColumn(rows, selection, {
    page: t('list_select_page'),
    row: (equipment) => t('list_select_row', { name: equipment.serial || equipment.equipmentId }),
  });
  const pinned = gridColumn(
    PINNED_FIELD,
    rows,
    () => header(PINNED_FIELD, false),
    (equipment) =>
      thumbnailCell(
        props.thumbnail(equipment),
        <>
          <Link to={detailPath(base, equipment)}>{equipment.serial || equipment.equipmentId}</Link>
          {equipment.isNew && (
            <Tag minimal intent="success">
              {t('inventory:new_tag')}
            </Tag>
          )}
        </>,
      ),
  );
  const actionsColumn = controlColumn('actions', rows, namedHeader(t('inventory:column_actions')), (equipment) => (
    <RowActionsMenu equipment={equipment} actions={props.actions} />
  ));
  const nextVisitColumn = controlColumn(
    'nextVisit',
    rows,
    namedHeader(t('inventory:column_next_visit')),
    (equipment) => <NextVisitButton equipment={equipment} onOpen={() => props.actions.serviceOrders(equipment)} />,
  );
  const documentsColumn = controlColumn(
    'documents',
    rows,
    namedHeader(t('inventory:column_documents')),
    (equipment) => (
      <DocumentsButton
        count={equipment.documentCount}
        label={
          equipment.documentCount > 0
            ? t('inventory:documents_view', { count: equipment.documentCount })
            : t('inventory:documents_add')
        }
        testId={`documents-${equipment.equipmentId}`}
        onClick={() => props.actions.documents(equipment)}
      />
    ),
  );
  const dataColumns = fieldColumns(
    columns,
    rows,
    (field) => header(field, true),
    (equipment, field) =>
      field === CONTRACT_FIELD
        ? contractCell(equipment)
        : DUE_FIELDS.includes(field)
          ? dueCell(equipment, field)
          : textCell(text(equipment, field)),
  );

  const widths = [
    SELECT_COLUMN_WIDTH,
    200,
    ACTIONS_WIDTH,
    NEXT_VISIT_WIDTH,
    ...columns.map((field) => (DUE_FIELDS.includes(field) ? DUE_COLUMN_WIDTH : GRID_COLUMN_WIDTH)),
    110,
  ];
  return (
    <div {...keyboard.container} className="list-table" data-frozen-columns={FROZEN_COLUMNS}>
      <Table
        numRows={rows.length}
        numFrozenColumns={FROZEN_COLUMNS}
        defaultRowHeight={GRID_ROW_HEIGHT_TALL}
        columnWidths={widths}
        enableColumnReordering
        enableRowHeader={false}
        {...keyboard.table}
        renderMode={RenderMode.NONE}
        cellRendererDependencies={[rows, columns, props.actions, selection.ids]}
        onColumnsReordered={(oldIndex, newIndex, length) => {
          // Only the data columns move: the checkbox, serial, actions, next-visit and documents columns stay put.
          const next = movedColumns(columns, { oldIndex, newIndex, length }, FIRST_DATA_COLUMN);
          if (next) props.onReorder(next);
        }}
      >
        {[checkboxes, pinned, actionsColumn, nextVisitColumn, ...dataColumns, documentsColumn]}
      </Table>
    </div>
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
  const { base } = useCurrentSession();
  return (
    <ul className="inventory-tiles" aria-label={t('inventory:tiles_label')}>
      {rows.map((e) => (
        <li key={e.equipmentId} className="bp6-card bp6-elevation-1 inventory-tile">
          <div className="inventory-tile-image">{thumbnail(e)}</div>
          <div className="inventory-tile-text">
            <Link to={detailPath(base, e)}>
              <strong>{[e.mfg, e.model].filter(Boolean).join(' - ')}</strong>
            </Link>
            <span>{t('inventory:tile_serial', { serial: e.serial ?? '' })}</span>
            <span>{[e.location.city, e.building, e.room].filter(Boolean).join(' · ')}</span>
            <NextVisitLine equipment={e} />
            <DueDatesLine equipment={e} />
          </div>
          <div className="inventory-tile-actions">
            <RowButton
              icon="document"
              text={String(e.documentCount)}
              label={t('inventory:documents_view', { count: e.documentCount })}
              onClick={() => actions.documents(e)}
            />
            <RowActionsMenu equipment={e} actions={actions} />
          </div>
        </li>
      ))}
    </ul>
  );
}
