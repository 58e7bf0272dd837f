import { EQUIPMENT_LIST_FIELDS, EQUIPMENT_MAX, type EquipmentListField } from '../../../../contract/equipment';
import { OrderType, type OrderSetting } from '../../../../contract/listQuery';
import type { LabelKey } from '../../components/equipmentForm';
import type { ListFields, ListLayout } from '../../components/list';
import { gridFieldKinds, listLayoutParams } from '../../components/list/listParams';
import type { ViewLink } from '../../components/savedViews';

/** What a products-management view saves (spec 3 section 3 "View preference" value). */
export type ProductsLayout = ListLayout;

/** The pinned first column; always shown. */
export const PINNED_FIELD = 'serial';

/** The cells a PE user edits, with their most characters (spec 3 sections 3 and 9). */
export const EDITABLE_FIELDS = {
  partNumber: EQUIPMENT_MAX.partNumber,
  mfg: EQUIPMENT_MAX.mfg,
  model: EQUIPMENT_MAX.model,
  systemId: EQUIPMENT_MAX.systemId,
  contactName: EQUIPMENT_MAX.contactName,
  contactPhone: EQUIPMENT_MAX.contactPhone,
  contactEmail: EQUIPMENT_MAX.contactEmail,
} as const;
export type EditableField = keyof typeof EDITABLE_FIELDS;
export const isEditable = (field: string): field is EditableField => Object.hasOwn(EDITABLE_FIELDS, field);

/** Grid columns: every field of the equipment registry but the pinned one and the internal ones. */
const GRID_FIELDS: readonly string[] = (Object.keys(EQUIPMENT_LIST_FIELDS) as EquipmentListField[]).filter(
  (f) => f !== PINNED_FIELD && f !== 'dataSourceId' && f !== 'documentCount',
);

/** The equipment field registry as the shared list parts read it, labelled as the inventory labels it. */
export const productsFields = (labelKeyOf: (field: string) => LabelKey | undefined): ListFields => ({
  columns: GRID_FIELDS,
  kindOf: (field) => EQUIPMENT_LIST_FIELDS[field as EquipmentListField] ?? 'text',
  label: (t, field) => {
    const key = labelKeyOf(field);
    return key ? t(key) : field;
  },
});

const DEFAULT_VISIBLE: readonly string[] = [
  'partNumber',
  'mfg',
  'model',
  'systemId',
  'contactName',
  'contactPhone',
  'contactEmail',
  'pkiTag',
  'location.city',
  'building',
  'room',
  'changedByCust',
  'changedOnCust',
];

/** The initial layout (view id -1): the editable columns first, no filter, no sort. */
export const initialProductsLayout = (): ProductsLayout => ({
  filter: [],
  sort: [],
  columnShowKeys: [...DEFAULT_VISIBLE],
  columnOrderKeys: [...DEFAULT_VISIBLE, ...GRID_FIELDS.filter((f) => !DEFAULT_VISIBLE.includes(f))],
});

/** The list's order: the user's sort, else the latest customer change first, then serial (spec 3 section 7). */
export const orderOf = (sort: OrderSetting[]): OrderSetting[] =>
  sort.length > 0
    ? sort
    : [
        { field: 'changedOnCust', orderType: OrderType.Descending },
        { field: 'serial', orderType: OrderType.Ascending },
      ];

/** The products' view and layout in the URL. */
export const PRODUCTS_LINK: ViewLink<ProductsLayout> = {
  params: listLayoutParams(
    gridFieldKinds(
      productsFields(() => undefined),
      [PINNED_FIELD],
    ),
  ),
  base: initialProductsLayout(),
};
