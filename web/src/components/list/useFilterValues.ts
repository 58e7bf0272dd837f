import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FilterSetting } from '../../../../contract/listQuery';
import { SEARCH_DEBOUNCE_MS } from './useSearchText';

/** Which page of a column's suggestions to load, and the words typed in its filter's search. */
export interface SuggestionPage {
  pageIndex: number;
  pageSize: number;
  valueSearch?: string;
}

/** Where a list's filter suggestions come from: its FilterFields call. */
export interface FilterSuggestions {
  /** The query key the suggestions are cached under; the field, other filters, keyword and words are added to it. */
  queryKey: readonly unknown[];
  /** How many values one call answers at most. */
  pageSize: number;
  load(
    field: string,
    others: FilterSetting[],
    keyword: string,
    page: SuggestionPage,
  ): Promise<Record<string, Array<string | null>>>;
}

/** A column's values as one call answers them, and whether more exist beyond them. */
export interface FoundValues {
  values: Array<string | null>;
  more: boolean;
}

/** The value `text` after `ms` without a change. */
function useDebounced(text: string, ms: number) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/**
 * The values a column's filter offers: its first page; and once that page does not hold every value, the values
 * containing the words typed in the filter's search, asked of the server after typing pauses. A newer search aborts
 * the one still running (the request layer aborts an earlier call of the same address). `searched` is false while
 * the first page holds every value: the dialog then narrows that page itself, by the labels it shows.
 */
export function useFilterValues(
  suggestions: FilterSuggestions,
  field: string,
  others: FilterSetting[],
  keyword: string,
  typed: string,
) {
  const words = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const load = async (valueSearch: string): Promise<FoundValues> => {
    const { pageSize } = suggestions;
    const search = valueSearch ? { valueSearch } : {};
    const values = (await suggestions.load(field, others, keyword, { pageIndex: 0, pageSize, ...search }))[field] ?? [];
    if (values.length < pageSize) return { values, more: false };
    // A full page: one value past it says whether there are more.
    const next = await suggestions.load(field, others, keyword, { pageIndex: pageSize, pageSize: 1, ...search });
    return { values, more: (next[field] ?? []).length > 0 };
  };
  const first = useQuery({
    queryKey: [...suggestions.queryKey, field, others, keyword, ''],
    queryFn: () => load(''),
  });
  const searched = first.data?.more === true && words !== '';
  const found = useQuery({
    queryKey: [...suggestions.queryKey, field, others, keyword, words],
    queryFn: () => load(words),
    enabled: searched,
    placeholderData: keepPreviousData,
  });
  return { first, found: searched ? found : first, searched, words };
}
