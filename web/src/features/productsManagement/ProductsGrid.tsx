import { useState, type ReactNode } from 'react';
import { Checkbox, Intent } from '@blueprintjs/core';
import { Cell, RenderMode, Table } from '@blueprintjs/table';
import { useTranslation } from 'react-i18next';
import { GRID_COLUMN_WIDTH, GRID_ROW_HEIGHT_TALL } from '../../../../contract/limits';
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
  textCell,
  thumbnailCell,
  useGridKeyboard,
  valueAt,
  valueText,
  type ListFields,
} from '../../components/list';
import { CountedInput } from '../../components/inputs/LengthCounter';
import { FieldOptions, optionsListId, SUGGESTED_FIELDS } from './FieldOptions';
import { isEditable, PINNED_FIELD, type EditableField } from './productsFields';
import { cellValue, hiddenValue, maxLengthOf, type CellProblems, type Edits, type RowChanges } from './rowEdits';

export interface ProductsGridProps {
  rows: Equipment[];
  fields: ListFields;
  columns: string[];
  sort: OrderSetting[];
  filters: FilterSetting[];
  edits: Edits;
  problems: CellProblems;
  selected: ReadonlySet<number>;
  thumbnail(equipment: Equipment): ReactNode;
  onEdit(equipment: Equipment, field: EditableField, value: string): void;
  onHiddenChange(equipment: Equipment, hidden: boolean): void;
  onSelect(equipmentId: number, selected: boolean): void;
  onSelectAll(selected: boolean): void;
  onImages(equipment: Equipment): void;
  onDocuments(equipment: Equipment): void;
  onSort(field: string, orderType: 0 | 1 | null): void;
  onFilter(field: string): void;
  onReorder(columns: string[]): void;
  onHideColumn(field: string): void;
}

/** The selection and serial columns stay at the left; the hidden flag and the image and document buttons follow. */
const FROZEN_COLUMNS = 2;
const FIXED_COLUMNS = 4;

/** The products-management grid (spec 3 section 2): selectable rows, editable cells, the hidden flag, files. */
export function ProductsGrid(props: ProductsGridProps) {
  const { t } = useTranslation();
  const { rows, fields, columns, sort, filters, edits, problems, selected } = props;
  const keyboard = useGridKeyboard({
    label: t('productsManagement:grid_label'),
    rowCount: rows.length,
    onToggle: (r) => props.onSelect(rows[r]!.equipmentId, !selected.has(rows[r]!.equipmentId)),
  });
  const serialOf = (e: Equipment) => e.serial || String(e.equipmentId);
  const pickedOnPage = rows.filter((e) => selected.has(e.equipmentId)).length;
  const [typing, setTyping] = useState<{ field: EditableField; value: string } | null>(null);
  const [editing, setEditing] = useState<string | null>(null);

  const header = columnHeaders({ ...props, t, order: sort });

  const inputCell = (equipment: Equipment, field: EditableField, changes: RowChanges | undefined) => {
    const problem = problems.get(equipment.equipmentId)?.[field];
    const changed = changes?.[field] !== undefined;
    const cellKey = `${equipment.equipmentId}:${field}`;
    return (
      <Cell
        interactive
        intent={problem ? Intent.DANGER : undefined}
        className={changed ? 'products-cell-changed' : undefined}
        tooltip={problem ? t(problem) : undefined}
      >
        <CountedInput
          size="small"
          fill
          className="products-cell-input"
          intent={problem ? Intent.DANGER : Intent.NONE}
          type={field === 'contactEmail' ? 'email' : field === 'contactPhone' ? 'tel' : 'text'}
          id={`products-cell-${equipment.equipmentId}-${field}`}
          aria-label={t('productsManagement:cell_label', {
            field: fields.label(t, field),
            serial: serialOf(equipment),
          })}
          aria-invalid={problem ? true : undefined}
          title={problem ? t(problem) : undefined}
          maxLength={maxLengthOf(field)}
          // A counter in every cell would crowd the grid: the cell being edited shows it.
          hideCounter={editing !== cellKey}
          value={cellValue(equipment, changes, field)}
          list={SUGGESTED_FIELDS.includes(field) ? optionsListId(field) : undefined}
          onFocus={(e) => {
            setEditing(cellKey);
            if (SUGGESTED_FIELDS.includes(field)) setTyping({ field, value: e.target.value });
          }}
          onBlur={() => setEditing((current) => (current === cellKey ? null : current))}
          onChange={(e) => {
            if (SUGGESTED_FIELDS.includes(field)) setTyping({ field, value: e.target.value });
            props.onEdit(equipment, field, e.target.value);
          }}
        />
      </Cell>
    );
  };

  const dataCell = (equipment: Equipment, field: string) => {
    const changes = edits.get(equipment.equipmentId);
    if (isEditable(field)) return inputCell(equipment, field, changes);
    return textCell(valueText(t, fields, field, valueAt(equipment, field)));
  };

  const allPicked = rows.length > 0 && pickedOnPage === rows.length;
  const selectColumn = controlColumn(
    'select',
    rows,
    namedHeader(t('productsManagement:select_all'), () => (
      <Checkbox
        className="products-select"
        aria-label={t('productsManagement:select_all')}
        checked={allPicked}
        indeterminate={!allPicked && pickedOnPage > 0}
        onChange={() => props.onSelectAll(!allPicked)}
      />
    )),
    (equipment) => (
      <Checkbox
        className="products-select"
        aria-label={t('productsManagement:select_row', { serial: serialOf(equipment) })}
        checked={selected.has(equipment.equipmentId)}
        onChange={(e) => props.onSelect(equipment.equipmentId, e.currentTarget.checked)}
      />
    ),
  );
  const serialColumn = gridColumn(
    PINNED_FIELD,
    rows,
    () => header(PINNED_FIELD, false),
    (equipment) => thumbnailCell(props.thumbnail(equipment), <span>{serialOf(equipment)}</span>, serialOf(equipment)),
  );
  const hiddenColumn = controlColumn(
    'isHidden',
    rows,
    namedHeader(t('productsManagement:column_hidden')),
    (equipment) => (
      <Checkbox
        className="products-select"
        aria-label={t('productsManagement:hidden_row', { serial: serialOf(equipment) })}
        checked={hiddenValue(equipment, edits.get(equipment.equipmentId))}
        onChange={(e) => props.onHiddenChange(equipment, e.currentTarget.checked)}
      />
    ),
  );
  const filesColumn = controlColumn('files', rows, namedHeader(t('productsManagement:column_files')), (equipment) => {
    const serial = serialOf(equipment);
    return (
      <>
        <RowButton
          icon="media"
          label={t('productsManagement:images_of', { serial })}
          onClick={() => props.onImages(equipment)}
        />
        <DocumentsButton
          count={equipment.documentCount}
          emptyIcon="document"
          label={t('productsManagement:documents_of', { serial, count: equipment.documentCount })}
          onClick={() => props.onDocuments(equipment)}
        />
      </>
    );
  });
  const dataColumns = fieldColumns(columns, rows, (field) => header(field, true), dataCell);

  return (
    <div {...keyboard.container} className="list-table products-table" data-frozen-columns={FROZEN_COLUMNS}>
      <Table
        numRows={rows.length}
        numFrozenColumns={FROZEN_COLUMNS}
        defaultRowHeight={GRID_ROW_HEIGHT_TALL}
        columnWidths={[48, 180, 80, 110, ...columns.map(() => GRID_COLUMN_WIDTH)]}
        enableColumnReordering
        enableRowHeader={false}
        {...keyboard.table}
        renderMode={RenderMode.NONE}
        cellRendererDependencies={[rows, columns, edits, problems, selected, sort, filters]}
        onColumnsReordered={(oldIndex, newIndex, length) => {
          const next = movedColumns(columns, { oldIndex, newIndex, length }, FIXED_COLUMNS);
          if (next) props.onReorder(next);
        }}
      >
        {[selectColumn, serialColumn, hiddenColumn, filesColumn, ...dataColumns]}
      </Table>
      <FieldOptions typing={typing} />
    </div>
  );
}
