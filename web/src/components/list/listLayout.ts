import type { TFunction } from 'i18next';
import { FilterOperator, type FilterSetting, type OrderSetting } from '../../../../contract/listQuery';
import { formatDate, formatDateTime } from '../../lib/dates';

export type FieldKind = 'text' | 'number' | 'date' | 'dateTime' | 'boolean';

/**
 * What a list screen tells the shared list parts (grid header, filter dialog, chips, columns panel, export) about
 * its fields: the field registry of its contract entry, with the labels the screen gives them.
 */
export interface ListFields {
  /** The columns the user may show, hide and move, in their default order. */
  columns: readonly string[];
  kindOf(field: string): FieldKind;
  label(t: TFunction, field: string): string;
  /** How a coded value of a field reads (a role number as its name); undefined where the value is its own text. */
  valueLabel?(t: TFunction, field: string, value: string): string | undefined;
}

/** A filter or cell value as the user reads it: the field's own label for a coded value, or the value. */
const labelled = (t: TFunction, fields: ListFields, field: string, value: string) =>
  fields.valueLabel?.(t, field, value) ?? value;

/** The part of a saved view every list keeps: filters, sort and the chosen columns in their order. */
export interface ListLayout {
  filter: FilterSetting[];
  sort: OrderSetting[];
  columnShowKeys: string[];
  columnOrderKeys: string[];
}

/** The visible movable columns in their order; names the registry does not know (an old view) are dropped. */
export function visibleColumns(layout: ListLayout, columns: readonly string[]): string[] {
  const shown = new Set(layout.columnShowKeys);
  const ordered = layout.columnOrderKeys.filter((k) => shown.has(k) && columns.includes(k));
  const missing = layout.columnShowKeys.filter((k) => !ordered.includes(k) && columns.includes(k));
  return [...ordered, ...missing];
}

/** The column order after the grid moved some visible columns: the hidden ones keep their places after them. */
export const reorderedColumns = (layout: ListLayout, visibleOrder: string[]) => [
  ...visibleOrder,
  ...layout.columnOrderKeys.filter((c) => !visibleOrder.includes(c)),
];

export const sortOf = (sort: OrderSetting[], field: string) => sort.find((s) => s.field === field)?.orderType;

export const withFilter = (filters: FilterSetting[], field: string, next: FilterSetting | null) => [
  ...filters.filter((f) => f.field !== field),
  ...(next ? [next] : []),
];

/** A row's value of a field: a dotted field (`location.city`) is a path into the row. */
export const valueAt = (row: object, field: string): unknown =>
  field.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | null | undefined)?.[k], row);

/** How a value of a field reads on screen: dates in the user's language, booleans translated. */
export function valueText(t: TFunction, fields: ListFields, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (fields.kindOf(field)) {
    case 'date':
      return formatDate(String(value));
    case 'dateTime':
      return formatDateTime(String(value));
    case 'boolean':
      return t(`list_bool_${String(value)}`);
    default:
      return labelled(t, fields, field, String(value));
  }
}

/** A range filter's bound as the user entered it: a date-time bound is the day it was picked by. */
const boundText = (fields: ListFields, filter: FilterSetting, index: number) => {
  const value = filter.value[index] ?? '';
  return fields.kindOf(filter.field) === 'dateTime' ? value.slice(0, 10) : value;
};

/** The text of a filter chip's value. */
export function describeFilter(t: TFunction, fields: ListFields, filter: FilterSetting): string {
  const blank = t('list_filter_blank');
  switch (filter.operator) {
    case FilterOperator.Blank:
      return blank;
    case FilterOperator.NotBlank:
      return t('list_filter_not_blank');
    case FilterOperator.Between:
      return `${boundText(fields, filter, 0)} – ${boundText(fields, filter, 1)}`;
    case FilterOperator.From:
      return `≥ ${boundText(fields, filter, 0)}`;
    case FilterOperator.To:
      return `≤ ${boundText(fields, filter, 0)}`;
    default: {
      const values = filter.value.map((v) =>
        fields.kindOf(filter.field) === 'boolean' ? t(`list_bool_${v}`) : labelled(t, fields, filter.field, v),
      );
      return [...values, ...(filter.includingNull ? [blank] : [])].join(', ');
    }
  }
}

/** The column layout an export sends: the columns as the grid shows them, with their headers. */
export const exportLayoutOf = (t: TFunction, fields: ListFields, columns: string[]) => ({
  columnOrderKeys: columns,
  columnShowKeys: columns,
  columnHeaders: Object.fromEntries(columns.map((c) => [c, fields.label(t, c)])),
});

/**
 * The movable columns after the grid dragged `length` columns from `oldIndex` to `newIndex`; `first` is the grid
 * index of the first movable column. Null when the drag touched a fixed column (nothing moves then).
 */
export function movedColumns(
  columns: readonly string[],
  move: { oldIndex: number; newIndex: number; length: number },
  first: number,
): string[] | null {
  const { oldIndex, newIndex, length } = move;
  if (oldIndex < first || newIndex < first || oldIndex + length > first + columns.length) return null;
  const next = [...columns];
  const moved = next.splice(oldIndex - first, length);
  next.splice(Math.min(newIndex - first, next.length), 0, ...moved);
  return next;
}
