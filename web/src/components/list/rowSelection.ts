/** The rows a user selected in a grid, by id, with the row each id was selected on (it may be on another page). */
export interface Selection<T, K> {
  /** The list query the rows were selected in: another query starts an empty selection. */
  readonly query: string;
  readonly rows: ReadonlyMap<K, T>;
}

/** How many of a page's rows are selected: the header checkbox is checked, unchecked or indeterminate. */
export type PageSelection = 'all' | 'some' | 'none';

export const emptySelection = <T, K>(query: string): Selection<T, K> => ({ query, rows: new Map() });

/** The selection as the list with `query` sees it: empty when it was made in another query. */
export const selectionIn = <T, K>(selection: Selection<T, K>, query: string): Selection<T, K> =>
  selection.query === query ? selection : emptySelection(query);

/** Selects the row, or unselects it when selected; a full selection (`max` rows) takes no more. */
export function toggleRow<T, K>(selection: Selection<T, K>, row: T, id: K, max: number): Selection<T, K> {
  const rows = new Map(selection.rows);
  if (rows.has(id)) rows.delete(id);
  else if (rows.size < max) rows.set(id, row);
  else return selection;
  return { ...selection, rows };
}

/** How many of the page's rows are selected. */
export function pageSelection<T, K>(selection: Selection<T, K>, ids: readonly K[]): PageSelection {
  const selected = ids.filter((id) => selection.rows.has(id)).length;
  if (selected === 0) return 'none';
  return selected === ids.length ? 'all' : 'some';
}

/**
 * The header checkbox: unselects the page's rows when all of them are selected, else selects the rest of them, as
 * many as fit under `max`.
 */
export function togglePageRows<T, K>(
  selection: Selection<T, K>,
  page: readonly T[],
  idOf: (row: T) => K,
  max: number,
): Selection<T, K> {
  const ids = page.map(idOf);
  const rows = new Map(selection.rows);
  if (pageSelection(selection, ids) === 'all') {
    for (const id of ids) rows.delete(id);
  } else {
    for (const row of page) {
      if (rows.size >= max) break;
      rows.set(idOf(row), row);
    }
  }
  return { ...selection, rows };
}

/** The selection without these rows (removed from the list, for instance). */
export function withoutRows<T, K>(selection: Selection<T, K>, ids: readonly K[]): Selection<T, K> {
  const rows = new Map(selection.rows);
  for (const id of ids) rows.delete(id);
  return { ...selection, rows };
}
