import { Button, Icon, Menu, MenuDivider, MenuItem, Popover } from '@blueprintjs/core';
import { ColumnHeaderCell } from '@blueprintjs/table';
import type { TFunction } from 'i18next';
import { OrderType } from '../../../../contract/listQuery';
import { OwnKeys } from './OwnKeys';

export interface ListColumnHeaderProps {
  t: TFunction;
  name: string;
  /** The column's sort, if the list is sorted by it. */
  order: 0 | 1 | undefined;
  filtered: boolean;
  /** The sort can be taken off (the list is sorted by this column on the user's choice). */
  canClearSort?: boolean;
  onSort(orderType: 0 | 1 | null): void;
  onFilter(): void;
  /** Absent for a column that is always shown. */
  onHide?(): void;
}

/**
 * What a click on a header does next (spec 1 section 5): none, ascending, descending, none again. A column the list's
 * default order sorts (a sort the user cannot take off) turns the other way: the click is the user's first choice.
 */
export function nextSort(order: 0 | 1 | undefined, canClearSort: boolean): 0 | 1 | null {
  if (order === undefined) return OrderType.Ascending;
  if (!canClearSort) return order === OrderType.Ascending ? OrderType.Descending : OrderType.Ascending;
  return order === OrderType.Ascending ? OrderType.Descending : null;
}

/** The name of a header's sort button: the column's, and how it is sorted. */
const sortLabel = (t: TFunction, column: string, order: 0 | 1 | undefined) =>
  order === undefined
    ? column
    : `${column}, ${t(order === OrderType.Ascending ? 'list_sorted_asc' : 'list_sorted_desc')}`;

/**
 * The header cell of a list grid column: its name, a button that cycles the column's sort, with the sort and filter
 * marks, and a menu to sort, filter or hide it. A function, not a component: the table clones the header cell it is
 * given with props of its own.
 */
export function listColumnHeader({
  t,
  name,
  order,
  filtered,
  canClearSort,
  onSort,
  onFilter,
  onHide,
}: ListColumnHeaderProps) {
  const canClear = canClearSort ?? order !== undefined;
  const menu = (
    <Menu aria-label={name}>
      <MenuItem icon="sort-asc" text={t('list_sort_asc')} onClick={() => onSort(OrderType.Ascending)} />
      <MenuItem icon="sort-desc" text={t('list_sort_desc')} onClick={() => onSort(OrderType.Descending)} />
      <MenuItem icon="disable" text={t('list_sort_none')} disabled={!canClear} onClick={() => onSort(null)} />
      <MenuDivider />
      <MenuItem icon="filter" text={t('list_filter_column')} onClick={onFilter} />
      {onHide && <MenuItem icon="eye-off" text={t('list_hide_column')} onClick={onHide} />}
    </Menu>
  );
  return (
    <ColumnHeaderCell
      name={name}
      nameRenderer={(text) => (
        <span className="list-header-name">
          {/* A press on the button is its own: the table would take it as the start of selecting the column. */}
          <OwnKeys>
            <button
              type="button"
              className="list-header-sort"
              title={t('list_sort_cycle', { column: text })}
              aria-label={sortLabel(t, text, order)}
              onMouseDown={(e) => e.stopPropagation()}
              onClick={() => onSort(nextSort(order, canClear))}
            >
              <span className="list-header-text">{text}</span>
              {order === OrderType.Ascending && <Icon icon="arrow-up" size={12} />}
              {order === OrderType.Descending && <Icon icon="arrow-down" size={12} />}
            </button>
          </OwnKeys>
          {filtered && <Icon icon="filter" size={12} title={t('list_filtered')} />}
          {/* The table's own menu opens on hover; this button, shown only while focused, opens it from the keyboard. */}
          <OwnKeys>
            <Popover content={menu} placement="bottom-end">
              <Button
                className="list-header-menu-button"
                size="small"
                variant="minimal"
                icon="caret-down"
                aria-label={t('list_column_menu', { column: text })}
              />
            </Popover>
          </OwnKeys>
        </span>
      )}
      menuRenderer={() => menu}
    />
  );
}
