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
 * The header cell of a list grid column: its name with the sort and filter marks, and a menu to sort, filter or
 * hide it. A function, not a component: the table clones the header cell it is given with props of its own.
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
  const menu = (
    <Menu aria-label={name}>
      <MenuItem icon="sort-asc" text={t('list_sort_asc')} onClick={() => onSort(OrderType.Ascending)} />
      <MenuItem icon="sort-desc" text={t('list_sort_desc')} onClick={() => onSort(OrderType.Descending)} />
      <MenuItem
        icon="disable"
        text={t('list_sort_none')}
        disabled={!(canClearSort ?? order !== undefined)}
        onClick={() => onSort(null)}
      />
      <MenuDivider />
      <MenuItem icon="filter" text={t('list_filter_column')} onClick={onFilter} />
      {onHide && <MenuItem icon="eye-off" text={t('list_hide_column')} onClick={onHide} />}
    </Menu>
  );
  return (
    <ColumnHeaderCell
      name={name}
      nameRenderer={(text) => (
        <span className="list-header-name" title={text}>
          <span className="list-header-text">{text}</span>
          {order === OrderType.Ascending && <Icon icon="sort-asc" size={12} title={t('list_sorted_asc')} />}
          {order === OrderType.Descending && <Icon icon="sort-desc" size={12} title={t('list_sorted_desc')} />}
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
