import {
  WORK_ORDER_DEFAULT_ORDER,
  WORK_ORDER_HIDDEN_COLUMNS,
  WORK_ORDER_LIST_FIELDS,
  type WorkOrderListField,
} from '../../../../contract/serviceCalls';
import type { OrderSetting } from '../../../../contract/listQuery';
import { historyFieldsOfList } from '../../components/history/historyValues';
import type { ListFields, ListLayout } from '../../components/list';
import { gridFieldKinds, listLayoutParams } from '../../components/list/listParams';
import type { ViewLink } from '../../components/savedViews';
import { listParam } from '../../lib/listUrl';

/** The Scheduled and History tabs (spec 3 section 4, `activeType`). */
export type WorkOrderTab = keyof typeof WORK_ORDER_DEFAULT_ORDER;
export const WORK_ORDER_TABS: readonly WorkOrderTab[] = ['scheduled', 'history'];

/** What a work-order view saves (spec 3 section 3 "Work-order preference value"). */
export interface WorkOrderLayout extends ListLayout {
  activeType: WorkOrderTab;
}

/** The order number: the grid's pinned first column, always shown, the link to the order's PDF. */
export const ORDER_NUMBER_FIELD = 'serviceOrderNo';

/** The documents column: the count of the order's documents, always shown, always last. */
export const DOCUMENTS_FIELD = 'documentCount';

const isListField = (field: string): field is WorkOrderListField => Object.hasOwn(WORK_ORDER_LIST_FIELDS, field);

/** The columns the user may show, hide and move, in the spec's order: all but the two that are always shown. */
const MOVABLE_COLUMNS: readonly string[] = Object.keys(WORK_ORDER_LIST_FIELDS).filter(
  (f) => f !== ORDER_NUMBER_FIELD && f !== DOCUMENTS_FIELD,
);

/** The work-order field registry (contract) as the shared list parts read it. Every date of an order is an instant. */
export const WORK_ORDER_FIELDS: ListFields = {
  columns: MOVABLE_COLUMNS,
  kindOf: (field) => {
    const kind = isListField(field) ? WORK_ORDER_LIST_FIELDS[field] : 'text';
    return kind === 'date' ? 'dateTime' : kind;
  },
  label: (t, field) => (isListField(field) ? t(`workOrders:field_${field}`) : field),
};

/** A work order's fields in its history, labelled and worded as the grid shows them. */
export const WORK_ORDER_HISTORY_FIELDS = historyFieldsOfList(WORK_ORDER_FIELDS, isListField);

const HIDDEN: readonly string[] = WORK_ORDER_HIDDEN_COLUMNS;

/** The initial layout (view id -1): the Scheduled tab, every column but the default-hidden ones, no filter. */
export const INITIAL_WORK_ORDER_LAYOUT: WorkOrderLayout = {
  filter: [],
  sort: [],
  columnShowKeys: MOVABLE_COLUMNS.filter((f) => !HIDDEN.includes(f)),
  columnOrderKeys: [...MOVABLE_COLUMNS],
  activeType: 'scheduled',
};

/** A view saved with a tab this version does not know opens on Scheduled. */
export const activeTypeOf = (layout: WorkOrderLayout): WorkOrderTab =>
  WORK_ORDER_TABS.includes(layout.activeType) ? layout.activeType : 'scheduled';

/** The order a tab's list is asked in: the user's sort, else the tab's default (spec 3 section 7). */
export const orderSettingsOf = (layout: WorkOrderLayout): OrderSetting[] =>
  layout.sort.length > 0 ? layout.sort : [WORK_ORDER_DEFAULT_ORDER[activeTypeOf(layout)]];

/** The work orders' view and layout in the URL, the tab included. */
export const WORK_ORDER_LINK: ViewLink<WorkOrderLayout> = {
  params: {
    ...listLayoutParams(gridFieldKinds(WORK_ORDER_FIELDS, [ORDER_NUMBER_FIELD, DOCUMENTS_FIELD])),
    activeType: { name: 'tab', param: listParam.oneOf(WORK_ORDER_TABS) },
  },
  base: INITIAL_WORK_ORDER_LAYOUT,
};
