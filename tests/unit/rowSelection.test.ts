import { describe, expect, it } from 'vitest';
import {
  emptySelection,
  pageSelection,
  selectionIn,
  toggleRow,
  togglePageRows,
  withoutRows,
  type Selection,
} from '../../web/src/components/list/rowSelection';

interface Row {
  id: number;
  serial: string;
}
const row = (id: number): Row => ({ id, serial: `SN-${id}` });
const idOf = (r: Row) => r.id;
const page1 = [row(1), row(2), row(3)];
const page2 = [row(4), row(5), row(6)];
const QUERY = JSON.stringify([[], 'lambda']);
const MAX = 1000;

const ids = (s: Selection<Row, number>) => [...s.rows.keys()];
const pick = (s: Selection<Row, number>, ...rows: Row[]) => rows.reduce((acc, r) => toggleRow(acc, r, r.id, MAX), s);

describe('row selection', () => {
  it('selects a row, and a second toggle unselects it', () => {
    const one = toggleRow(emptySelection<Row, number>(QUERY), row(2), 2, MAX);
    expect(ids(one)).toEqual([2]);
    expect(ids(toggleRow(one, row(2), 2, MAX))).toEqual([]);
  });

  it('reads a page as none, some or all selected: the header checkbox unchecked, indeterminate, checked', () => {
    const none = emptySelection<Row, number>(QUERY);
    expect(pageSelection(none, page1.map(idOf))).toBe('none');
    const some = pick(none, row(1));
    expect(pageSelection(some, page1.map(idOf))).toBe('some');
    expect(pageSelection(pick(some, row(2), row(3)), page1.map(idOf))).toBe('all');
    // Rows selected on another page leave this page's header unchecked.
    expect(pageSelection(some, page2.map(idOf))).toBe('none');
  });

  it('the header selects the rest of a partly selected page, then unselects the whole page', () => {
    const some = pick(emptySelection<Row, number>(QUERY), row(2), row(5));
    const all = togglePageRows(some, page1, idOf, MAX);
    expect(ids(all).sort()).toEqual([1, 2, 3, 5]);
    const cleared = togglePageRows(all, page1, idOf, MAX);
    // The page's rows go; the row selected on the other page stays.
    expect(ids(cleared)).toEqual([5]);
  });

  it('keeps the selection across pages of the same query and starts empty in another query', () => {
    const selected = togglePageRows(pick(emptySelection<Row, number>(QUERY), row(4)), page1, idOf, MAX);
    expect(selectionIn(selected, QUERY)).toBe(selected);
    const other = selectionIn(selected, JSON.stringify([[], 'agilent']));
    expect(ids(other)).toEqual([]);
    expect(other.query).toBe(JSON.stringify([[], 'agilent']));
  });

  it('takes no more rows than a bulk call accepts, from a row or from a page', () => {
    const two = pick(emptySelection<Row, number>(QUERY), row(1), row(2));
    expect(ids(toggleRow(two, row(3), 3, 2))).toEqual([1, 2]);
    expect(toggleRow(two, row(3), 3, 2)).toBe(two);
    expect(ids(togglePageRows(pick(emptySelection<Row, number>(QUERY), row(4)), page1, idOf, 2))).toEqual([4, 1]);
    // Unselecting still works at the bound.
    expect(ids(toggleRow(two, row(1), 1, 2))).toEqual([2]);
  });

  it('keeps the row each id was selected on, for bulk actions on rows of other pages', () => {
    const selected = pick(emptySelection<Row, number>(QUERY), row(5), row(2));
    expect([...selected.rows.values()].map((r) => r.serial)).toEqual(['SN-5', 'SN-2']);
  });

  it('drops removed rows and leaves the others selected', () => {
    const selected = pick(emptySelection<Row, number>(QUERY), row(1), row(2), row(5));
    expect(ids(withoutRows(selected, [2, 5, 9]))).toEqual([1]);
  });
});
