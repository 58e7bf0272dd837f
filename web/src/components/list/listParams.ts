import { useEffect, useRef } from 'react';
import { z } from 'zod';
import {
  FilterOperator,
  FilterSetting,
  MAX_FILTER_SETTINGS,
  MAX_ORDER_SETTINGS,
  OrderSetting,
} from '../../../../contract/listQuery';
import { PAGE_INDEX_MAX } from '../../../../contract/limits';
import { listParam, type LayoutParams, type ListParam } from '../../lib/listUrl';
import type { ListFields, ListLayout } from './listLayout';

/** How a list's server reads a field's filter values (the kinds of the contract's field registries). */
export type FilterValueKind = 'text' | 'code' | 'number' | 'date' | 'dateTime' | 'boolean';

/** A list's field kinds: undefined for a field the list does not filter or sort by. */
export type FieldKindOf = (field: string) => FilterValueKind | undefined;

/** The field kinds of a grid: its movable columns and its fixed ones (`fixed`), no other field. */
export function gridFieldKinds(fields: Pick<ListFields, 'columns' | 'kindOf'>, fixed: readonly string[]): FieldKindOf {
  const own = new Set([...fixed, ...fields.columns]);
  return (field) => (own.has(field) ? fields.kindOf(field) : undefined);
}

const DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const isDate = (value: string) => DATE.test(value) && !Number.isNaN(Date.parse(value.slice(0, 10)));

const fitsKind: Record<FilterValueKind, (value: string) => boolean> = {
  text: () => true,
  code: () => true,
  number: (value) => value.trim() !== '' && Number.isFinite(Number(value)),
  date: isDate,
  dateTime: isDate,
  boolean: (value) => value === 'true' || value === 'false',
};

/** How many values an operator needs (Between two, a bound one); the others take any number. */
const VALUE_COUNT: Partial<Record<FilterSetting['operator'], number>> = {
  [FilterOperator.Between]: 2,
  [FilterOperator.From]: 1,
  [FilterOperator.To]: 1,
};

function isListFilter(kindOf: FieldKindOf, filter: FilterSetting): boolean {
  const kind = kindOf(filter.field);
  if (kind === undefined) return false;
  if (filter.operator === FilterOperator.Blank || filter.operator === FilterOperator.NotBlank) return true;
  const count = VALUE_COUNT[filter.operator];
  if (count !== undefined && filter.value.length !== count) return false;
  return filter.value.every(fitsKind[kind]);
}

/**
 * A list's column filters as a URL parameter. A link from elsewhere may name any field or value: only filters the
 * list itself could have made (its fields, values of each field's kind) are read, anything else leaves no filter.
 */
export const filtersParam = (kindOf: FieldKindOf) =>
  listParam.json(
    z
      .array(FilterSetting)
      .max(MAX_FILTER_SETTINGS)
      .refine((filters) => filters.every((f) => isListFilter(kindOf, f))),
  );

/** A list's sort as a URL parameter: only the list's own fields, at most as many as its query takes. */
export const sortParam = (kindOf: FieldKindOf, max = MAX_ORDER_SETTINGS) =>
  listParam.json(
    z
      .array(OrderSetting)
      .max(max)
      .refine((sort) => sort.every((o) => kindOf(o.field) !== undefined)),
  );

/** The longest search the lists take (the list queries' full-text keyword). */
const SEARCH_MAX_LENGTH = 200;

/** A list's searched words as a URL parameter, trimmed as the search box trims them. */
export const searchParam = (): ListParam<string> => ({
  parse: (raw) => (raw.length <= SEARCH_MAX_LENGTH ? raw.trim() : undefined),
  format: (value) => value,
});

/** A list's page as a URL parameter. */
export const pageParam = () => listParam.integer(0, PAGE_INDEX_MAX);

/**
 * A page past the end of the list (an old link, rows gone since) moves to the list's last page. `totalCount` is
 * the count of the page shown, undefined while it loads.
 */
export function usePageWithinList(
  pageIndex: number,
  pageSize: number,
  totalCount: number | undefined,
  onPage: (pageIndex: number) => void,
  /** False when `totalCount` is a lower bound: the last page is not known, so no page is moved. */
  exact = true,
) {
  useEffect(() => {
    if (totalCount === undefined || !exact) return;
    const lastPage = Math.max(0, Math.ceil(totalCount / pageSize) - 1);
    if (pageIndex > lastPage) onPage(lastPage);
  }, [pageIndex, pageSize, totalCount, onPage, exact]);
}

/** The most column keys a saved view's layout in the URL may carry. */
const MAX_COLUMNS = 200;
const columnKeys = listParam.json(z.array(z.string().max(100)).max(MAX_COLUMNS));

/**
 * The search parameters of the layout every saved-view list keeps (filters, sort, columns and their order). Filters
 * and sort are read as the lists without views read theirs: only the list's own fields (`kindOf`).
 */
export const listLayoutParams = (kindOf: FieldKindOf): LayoutParams<ListLayout> => ({
  filter: { name: 'filter', param: filtersParam(kindOf) },
  sort: { name: 'sort', param: sortParam(kindOf) },
  columnShowKeys: { name: 'columns', param: columnKeys },
  columnOrderKeys: { name: 'order', param: columnKeys },
});

/** The page and the search words of a saved-view list, kept in its URL beside its view. */
export const LIST_PAGE_PARAMS = { page: pageParam(), q: listParam.text(SEARCH_MAX_LENGTH) };
export const LIST_PAGE_DEFAULTS = { page: 0, q: '' };

/**
 * Back to the first page when the filters or the sort change (by the user or by choosing a view), but not when the
 * list's views first load: a page from the list's link stays.
 */
export function useFirstPageOnChange(ready: boolean, query: unknown, toFirstPage: () => void): void {
  const seen = useRef<string | null>(null);
  const current = JSON.stringify(query);
  useEffect(() => {
    if (!ready) return;
    if (seen.current !== null && seen.current !== current) toFirstPage();
    seen.current = current;
  }, [ready, current]); // eslint-disable-line react-hooks/exhaustive-deps
}
