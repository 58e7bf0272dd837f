import type { TFunction } from 'i18next';
import { EQUIPMENT_LIST_FIELDS, type EquipmentListField } from '../../../../contract/equipment';
import { FilterOperator, OrderType, type FilterSetting, type OrderSetting } from '../../../../contract/listQuery';
import { equipmentFieldLabelKey } from './equipmentForm/fieldLabels';

export type InventoryMode = 'grid' | 'tile';

/** What an inventory view saves (spec 2 section 3 "View preference" value). */
export interface InventoryLayout {
  filter: FilterSetting[];
  sort: OrderSetting[];
  mode: InventoryMode;
  columnShowKeys: string[];
  columnOrderKeys: string[];
}

/** The pinned first column; always shown. */
export const PINNED_FIELD = 'serial';

/** Grid columns: every field of the equipment entity the server lists, but the pinned one. */
export const GRID_FIELDS: readonly string[] = (Object.keys(EQUIPMENT_LIST_FIELDS) as EquipmentListField[]).filter(
  (f) => f !== PINNED_FIELD && f !== 'equipmentId' && f !== 'dataSourceId' && f !== 'documentCount',
);

const DEFAULT_VISIBLE: readonly string[] = [
  'mfg',
  'model',
  'dtype',
  'systemNickName',
  'pkiTag',
  'location.city',
  'building',
  'room',
  'department',
  'contactName',
  'instDate',
  'status',
];

/** The initial layout (view id -1): a chosen set of columns, no filter, no sort. */
export const initialInventoryLayout = (mode: InventoryMode): InventoryLayout => ({
  filter: [],
  sort: [],
  mode,
  columnShowKeys: [...DEFAULT_VISIBLE],
  columnOrderKeys: [...DEFAULT_VISIBLE, ...GRID_FIELDS.filter((f) => !DEFAULT_VISIBLE.includes(f))],
});

/** Local-storage key of the grid/tile choice (spec 2 section 4: kept locally, default list). */
export const MODE_STORAGE_KEY = 'inventoryMode';

export const fieldKind = (field: string) => EQUIPMENT_LIST_FIELDS[field as EquipmentListField] ?? 'text';

/** The label of an equipment field, shared with the add/edit form. */
export const fieldLabel = (t: TFunction, field: string): string => {
  const key = equipmentFieldLabelKey(field);
  return key ? t(key) : field;
};

/** Visible grid columns in their order. */
export const visibleColumns = (layout: InventoryLayout) => {
  const shown = new Set(layout.columnShowKeys);
  const ordered = layout.columnOrderKeys.filter((k) => shown.has(k) && GRID_FIELDS.includes(k));
  const missing = layout.columnShowKeys.filter((k) => !ordered.includes(k) && GRID_FIELDS.includes(k));
  return [...ordered, ...missing];
};

/** Sort cycle of a column header: none, ascending, descending, none (spec 2 section 2). */
export function nextSort(sort: OrderSetting[], field: string): OrderSetting[] {
  const current = sort.find((s) => s.field === field);
  if (!current) return [{ field, orderType: OrderType.Ascending }];
  if (current.orderType === OrderType.Ascending) return [{ field, orderType: OrderType.Descending }];
  return [];
}

export const sortOf = (sort: OrderSetting[], field: string) => sort.find((s) => s.field === field)?.orderType;

export const withFilter = (filters: FilterSetting[], field: string, next: FilterSetting | null) => [
  ...filters.filter((f) => f.field !== field),
  ...(next ? [next] : []),
];

/** The text of a filter chip's value. */
export function describeFilter(t: TFunction, filter: FilterSetting): string {
  const blank = t('inventory:filter_blank');
  switch (filter.operator) {
    case FilterOperator.Blank:
      return blank;
    case FilterOperator.NotBlank:
      return t('inventory:filter_not_blank');
    case FilterOperator.Between:
      return `${filter.value[0]} – ${filter.value[1]}`;
    case FilterOperator.From:
      return `≥ ${filter.value[0]}`;
    case FilterOperator.To:
      return `≤ ${filter.value[0]}`;
    default: {
      const values = filter.value.map((v) => (fieldKind(filter.field) === 'boolean' ? t(`inventory:bool_${v}`) : v));
      return [...values, ...(filter.includingNull ? [blank] : [])].join(', ');
    }
  }
}
