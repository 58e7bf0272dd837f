import { Cell, RenderMode, Table } from '@blueprintjs/table';
import { useTranslation } from 'react-i18next';
import type { FilterSetting, OrderSetting } from '../../../../contract/listQuery';
import { GRID_COLUMN_WIDTH, GRID_ROW_HEIGHT } from '../../../../contract/limits';
import type { WorkOrderRow } from '../../../../contract/serviceCalls';
import {
  columnHeaders,
  controlColumn,
  DocumentsButton,
  fieldColumns,
  historyColumn as historyColumnOf,
  movedColumns,
  selectColumn,
  SELECT_COLUMN_WIDTH,
  textCell,
  useGridKeyboard,
  valueText,
  type RowSelection,
} from '../../components/list';
import { ServiceCallStatusTag, ServiceOrderNumber } from '../../components/serviceCalls';
import { DOCUMENTS_FIELD, ORDER_NUMBER_FIELD, WORK_ORDER_FIELDS } from './workOrderFields';

export interface WorkOrderGridProps {
  rows: WorkOrderRow[];
  /** The visible movable columns in their order. */
  columns: string[];
  /** The order the list is in (the user's sort, or the tab's default). */
  order: OrderSetting[];
  /** The user chose the sort (it can be taken off again). */
  userSorted: boolean;
  filters: FilterSetting[];
  onSort(field: string, orderType: 0 | 1 | null): void;
  onFilter(field: string): void;
  onReorder(columns: string[]): void;
  onHideColumn(field: string): void;
  onDocuments(row: WorkOrderRow): void;
  onHistory(row: WorkOrderRow): void;
  selection: RowSelection<WorkOrderRow, number>;
}

/** The checkbox and the order number stay in place at the left. */
const FROZEN_COLUMNS = 2;
/** The order number opens the PDF: a row's main action. */
const ORDER_NUMBER_COLUMN = 1;
const ORDER_NUMBER_WIDTH = 170;
const DOCUMENTS_WIDTH = 120;
const HISTORY_WIDTH = 140;

/**
 * The work-order grid (spec 3 sections 2 and 3): the order number pinned first (it opens the PDF), the chosen
 * columns, the status styled by its meaning, then the documents column and the history of each order.
 */
export function WorkOrderGrid(props: WorkOrderGridProps) {
  const { t } = useTranslation();
  const { rows, columns, order, filters, selection } = props;
  const keyboard = useGridKeyboard({
    label: t('workOrders:grid_label'),
    rowCount: rows.length,
    mainColumn: ORDER_NUMBER_COLUMN,
    onToggle: (row) => selection.toggle(rows[row]!),
  });

  const header = columnHeaders({ ...props, t, fields: WORK_ORDER_FIELDS });

  const cell = (row: WorkOrderRow, field: string) => {
    if (field === 'callStatus') {
      return (
        <Cell>
          <ServiceCallStatusTag status={row.callStatus} />
        </Cell>
      );
    }
    return textCell(valueText(t, WORK_ORDER_FIELDS, field, row[field as keyof WorkOrderRow]));
  };

  const checkboxes = selectColumn(rows, selection, {
    page: t('list_select_page'),
    row: (row) => t('list_select_row', { name: row.serviceOrderNo }),
  });
  const orderNumberColumn = controlColumn(
    ORDER_NUMBER_FIELD,
    rows,
    () => header(ORDER_NUMBER_FIELD, false),
    (row) => <ServiceOrderNumber serviceOrderNo={row.serviceOrderNo} canOpenPdf={row.userAccessPDF} />,
  );
  const dataColumns = fieldColumns(columns, rows, (field) => header(field, true), cell);
  const documentsColumn = controlColumn(
    DOCUMENTS_FIELD,
    rows,
    () => header(DOCUMENTS_FIELD),
    (row) => (
      <DocumentsButton
        count={row.documentCount}
        showZero
        label={t('workOrders:documents_of', { count: row.documentCount, serviceOrderNo: row.serviceOrderNo })}
        onClick={() => props.onDocuments(row)}
      />
    ),
  );
  const historyColumn = historyColumnOf(
    t,
    rows,
    (row) => t('history:work_order_history_of', { serviceOrderNo: row.serviceOrderNo }),
    props.onHistory,
  );

  return (
    <div {...keyboard.container} className="list-table" data-frozen-columns={FROZEN_COLUMNS}>
      <Table
        numRows={rows.length}
        numFrozenColumns={FROZEN_COLUMNS}
        defaultRowHeight={GRID_ROW_HEIGHT}
        columnWidths={[
          SELECT_COLUMN_WIDTH,
          ORDER_NUMBER_WIDTH,
          ...columns.map(() => GRID_COLUMN_WIDTH),
          DOCUMENTS_WIDTH,
          HISTORY_WIDTH,
        ]}
        enableColumnReordering
        enableRowHeader={false}
        {...keyboard.table}
        renderMode={RenderMode.NONE}
        cellRendererDependencies={[rows, columns, order, filters, selection.ids]}
        onColumnsReordered={(oldIndex, newIndex, length) => {
          // Only the chosen columns move: the checkbox, order number, documents and history columns stay put.
          const next = movedColumns(columns, { oldIndex, newIndex, length }, FROZEN_COLUMNS);
          if (next) props.onReorder(next);
        }}
      >
        {[checkboxes, orderNumberColumn, ...dataColumns, documentsColumn, historyColumn]}
      </Table>
    </div>
  );
}
