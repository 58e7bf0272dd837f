import type { JSX, ReactNode } from 'react';
import { Button, type IconName, type Intent } from '@blueprintjs/core';
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

/** A plain header: the column's name, or what `renderName` shows in its place (e.g. a select-all checkbox). */
export const namedHeader = (name: string, renderName?: () => JSX.Element) => () => (
  <ColumnHeaderCell name={name} nameRenderer={renderName} />
);

/** A column of a grid: `cell` renders a row's cell. */
export function gridColumn<T>(id: string, rows: T[], header: () => JSX.Element, cell: (row: T) => JSX.Element) {
  return <Column key={id} id={id} columnHeaderCellRenderer={header} cellRenderer={(r) => cell(rows[r]!)} />;
}

/** A column for each field, in order: `header` heads it, `cell` renders a row's value of it. */
export function fieldColumns<T, F extends string>(
  fields: readonly F[],
  rows: T[],
  header: (field: F) => JSX.Element,
  cell: (row: T, field: F) => JSX.Element,
) {
  return fields.map((field) =>
    gridColumn(
      field,
      rows,
      () => header(field),
      (row) => cell(row, field),
    ),
  );
}

/** A cell of text, the whole of it in its tooltip; `intent` colours it (e.g. by how a contract stands). */
export const textCell = (text: string, intent?: Intent) => (
  <Cell tooltip={text} intent={intent}>
    {text}
  </Cell>
);

/** The pinned first cell of an instrument's row: its thumbnail, then what names it (its serial, or a link). */
export const thumbnailCell = (thumbnail: ReactNode, name: ReactNode, tooltip?: string) => (
  <Cell className="inventory-serial-cell" tooltip={tooltip}>
    <span className="inventory-thumb">{thumbnail}</span>
    {name}
  </Cell>
);

/** A column of controls (a row's actions, its documents, its history): each cell takes the keyboard. */
export function controlColumn<T>(id: string, rows: T[], header: () => JSX.Element, control: (row: T) => ReactNode) {
  return gridColumn(id, rows, header, (row) => <Cell interactive>{control(row)}</Cell>);
}

export interface RowButtonProps {
  icon: IconName;
  text?: string;
  label: string;
  /** The button's tooltip, where its icon alone does not say what it does. */
  title?: string;
  onClick(): void;
  testId?: string;
}

/** A small button in a grid cell or tile. */
export function RowButton({ icon, text, label, title, onClick, testId }: RowButtonProps) {
  return (
    <Button
      size="small"
      variant="minimal"
      icon={icon}
      text={text}
      aria-label={label}
      title={title}
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
