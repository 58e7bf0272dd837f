import { useMemo, useState } from 'react';
import { MAX_SELECTED_ROWS } from '../../../../contract/listQuery';
import {
  emptySelection,
  pageSelection,
  selectionIn,
  toggleRow,
  togglePageRows,
  withoutRows,
  type PageSelection,
} from './rowSelection';

export interface RowSelectionOptions<T, K> {
  idOf(row: T): K;
  /**
   * What decides which rows the list holds (its filters, search words, tab; not its page or sort): the selection
   * lasts while it stays the same and starts empty when it changes.
   */
  query: unknown;
  /** The most rows selected at once (the most ids a bulk call takes). */
  max?: number;
}

/** A grid's selected rows and what changes them: what the checkbox column, its header and the bulk actions use. */
export interface RowSelection<T, K = unknown> {
  /** The selected rows in the order they were selected, from every page; a new array only when they change. */
  rows: readonly T[];
  ids: readonly K[];
  count: number;
  /** As many rows as one bulk call takes are selected: no more can be. */
  full: boolean;
  max: number;
  idOf(row: T): K;
  isSelected(row: T): boolean;
  toggle(row: T): void;
  /** The header checkbox of a page: selects its rows, or unselects them when all are selected. */
  togglePage(page: readonly T[]): void;
  pageState(page: readonly T[]): PageSelection;
  clear(): void;
  unselect(ids: readonly K[]): void;
}

/**
 * The selection of a grid's rows (one for every grid that selects): kept across the pages of one list query, started
 * again when the query changes.
 */
export function useRowSelection<T, K>({
  idOf,
  query,
  max = MAX_SELECTED_ROWS,
}: RowSelectionOptions<T, K>): RowSelection<T, K> {
  const key = JSON.stringify(query) ?? '';
  const [stored, setStored] = useState(() => emptySelection<T, K>(key));
  const selection = selectionIn(stored, key);
  if (selection !== stored) setStored(selection);
  const change = (next: (current: typeof selection) => typeof selection) =>
    setStored((current) => next(selectionIn(current, key)));

  // New arrays only when the selection changes: grids re-render their cells when these change.
  const rows = useMemo(() => [...selection.rows.values()], [selection.rows]);
  const ids = useMemo(() => [...selection.rows.keys()], [selection.rows]);
  return {
    rows,
    ids,
    count: rows.length,
    full: rows.length >= max,
    max,
    idOf,
    isSelected: (row) => selection.rows.has(idOf(row)),
    toggle: (row) => change((s) => toggleRow(s, row, idOf(row), max)),
    togglePage: (page) => change((s) => togglePageRows(s, page, idOf, max)),
    pageState: (page) => pageSelection(selection, page.map(idOf)),
    clear: () => change(() => emptySelection(key)),
    unselect: (ids) => change((s) => withoutRows(s, ids)),
  };
}
