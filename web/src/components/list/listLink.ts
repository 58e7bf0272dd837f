import { useEffect, useRef } from 'react';
import { z } from 'zod';
import { FilterSetting, OrderSetting } from '../../../../contract/listQuery';
import { listParam, type LayoutParams } from '../../lib/listUrl';
import type { ListLayout } from './listLayout';

/** Longest search words a list keeps in its URL. */
const SEARCH_MAX = 200;

/** The search parameters of the layout every list keeps (filters, sort, columns and their order). */
export const LIST_LAYOUT_PARAMS: LayoutParams<ListLayout> = {
  filter: { name: 'filter', param: listParam.json(z.array(FilterSetting).max(50)) },
  sort: { name: 'sort', param: listParam.json(z.array(OrderSetting).max(10)) },
  columnShowKeys: { name: 'columns', param: listParam.json(z.array(z.string().max(100)).max(200)) },
  columnOrderKeys: { name: 'order', param: listParam.json(z.array(z.string().max(100)).max(200)) },
};

/** The page and the search words of a list, kept in its URL beside its view. */
export const LIST_PAGE_PARAMS = { page: listParam.integer(0, 100_000), q: listParam.text(SEARCH_MAX) };
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
