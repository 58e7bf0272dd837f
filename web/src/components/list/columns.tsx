import type { JSX, ReactNode } from 'react';
import { Button, type IconName } from '@blueprintjs/core';
import { Cell, Column, ColumnHeaderCell } from '@blueprintjs/table';
import type { TFunction } from 'i18next';
import type { FilterSetting, OrderSetting } from '../../../../contract/listQuery';
import { listColumnHeader } from './listColumnHeader';
import { sortOf, type ListFields } from './listLayout';

export interface ColumnHeadersOptions {
  t: TFunction;
  fields: Pick<ListFields, 'label'>;
  order: OrderSetting[];
  filters: FilterSetting[];
  /** The user chose the sort, so a sorted column offers to take it off again (lists with a default order). */
  userSorted?: boolean;
  onSort(field: string, orderType: 0 | 1 | null): void;
  onFilter(field: string): void;
  onHideColumn?(field: string): void;
}

/** The header of each sortable, filterable column of a grid; `hideable` headers offer to hide their column. */
export function columnHeaders({ t, fields, order, filters, userSorted, ...on }: ColumnHeadersOptions) {
  const filtered = new Set(filters.map((f) => f.field));
  return (field: string, hideable = false) =>
    listColumnHeader({
      t,
      name: fields.label(t, field),
      order: sortOf(order, field),
      filtered: filtered.has(field),
      canClearSort: userSorted === undefined ? undefined : userSorted && sortOf(order, field) !== undefined,
      onSort: (orderType) => on.onSort(field, orderType),
      onFilter: () => on.onFilter(field),
      onHide: hideable && on.onHideColumn ? () => on.onHideColumn!(field) : undefined,
    });
}

/** A plain header: the column's name. */
export const namedHeader = (name: string) => () => <ColumnHeaderCell name={name} />;

/** A column of controls (a row's actions, its documents, its history): each cell takes the keyboard. */
export function controlColumn<T>(id: string, rows: T[], header: () => JSX.Element, control: (row: T) => ReactNode) {
  return (
    <Column
      key={id}
      id={id}
      columnHeaderCellRenderer={header}
      cellRenderer={(r) => <Cell interactive>{control(rows[r]!)}</Cell>}
    />
  );
}

export interface RowButtonProps {
  icon: IconName;
  text?: string;
  label: string;
  onClick(): void;
  testId?: string;
}

/** A small button in a grid cell or tile. */
export function RowButton({ icon, text, label, onClick, testId }: RowButtonProps) {
  return (
    <Button
      size="small"
      variant="minimal"
      icon={icon}
      text={text}
      aria-label={label}
      data-testid={testId}
      onClick={onClick}
    />
  );
}

/** A row's documents button: opens them (with their count) or, while there are none, adds the first. */
export function DocumentsButton({
  count,
  label,
  onClick,
  emptyIcon = 'add',
  showZero = false,
  testId,
}: {
  count: number;
  label: string;
  onClick(): void;
  emptyIcon?: IconName;
  showZero?: boolean;
  testId?: string;
}) {
  return (
    <RowButton
      icon={count > 0 ? 'document-open' : emptyIcon}
      text={count > 0 || showZero ? String(count) : undefined}
      label={label}
      onClick={onClick}
      testId={testId}
    />
  );
}

/** The column of each row's history. */
export function historyColumn<T>(t: TFunction, rows: T[], label: (row: T) => string, onOpen: (row: T) => void) {
  return controlColumn('history', rows, namedHeader(t('history:column_history')), (row) => (
    <RowButton icon="history" label={label(row)} onClick={() => onOpen(row)} />
  ));
}
