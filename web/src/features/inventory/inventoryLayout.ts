import { EQUIPMENT_LIST_FIELDS, type EquipmentListField } from '../../../../contract/equipment';
import type { ListFields, ListLayout } from '../../components/list';
import { gridFieldKinds, listLayoutParams } from '../../components/list/listParams';
import type { ViewLink } from '../../components/savedViews';
import { listParam } from '../../lib/listUrl';
import { equipmentFieldLabelKey } from '../../components/equipmentForm/fieldLabels';

export type InventoryMode = 'grid' | 'tile';

/** What an inventory view saves (spec 2 section 3 "View preference" value). */
export interface InventoryLayout extends ListLayout {
  mode: InventoryMode;
}

/** The pinned first column; always shown. */
export const PINNED_FIELD = 'serial';

/** Grid columns: every field of the equipment entity the server lists, but the pinned one. */
const GRID_FIELDS: readonly string[] = (Object.keys(EQUIPMENT_LIST_FIELDS) as EquipmentListField[]).filter(
  (f) => f !== PINNED_FIELD && f !== 'equipmentId' && f !== 'dataSourceId' && f !== 'documentCount',
);

/** The equipment field registry as the shared list parts read it; labels are the add/edit form's. */
export const INVENTORY_FIELDS: ListFields = {
  columns: GRID_FIELDS,
  kindOf: (field) => EQUIPMENT_LIST_FIELDS[field as EquipmentListField] ?? 'text',
  label: (t, field) => {
    const key = equipmentFieldLabelKey(field);
    return key ? t(key) : field;
  },
};

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
  'nextCalibrationDue',
  'nextMaintenanceDue',
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

/** The inventory's view and layout in its URL; a link without a mode shows the grid. */
export const INVENTORY_LINK: ViewLink<InventoryLayout> = {
  params: {
    ...listLayoutParams(gridFieldKinds(INVENTORY_FIELDS, [PINNED_FIELD])),
    mode: { name: 'mode', param: listParam.oneOf(['grid', 'tile'] as const) },
  },
  base: initialInventoryLayout('grid'),
};
