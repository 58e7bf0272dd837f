import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import type { ListCount } from '../../../../contract/listQuery';

/** What ListBody's `count` takes: the count call running, then its answer. */
export interface ListCountState {
  counting: boolean;
  counted?: ListCount;
}

/**
 * A list's count call (POST <list>/count), asked only while the page's total is a lower bound (`totalCountExact`
 * false) and the page shown is the answer to the current query, not the last query's kept in its place.
 */
export function useListCount<Key extends QueryKey>(
  list: UseQueryResult<{ totalCountExact?: boolean }>,
  options: UseQueryOptions<ListCount, Error, ListCount, Key>,
): ListCountState {
  const count = useQuery({ ...options, enabled: !list.isPlaceholderData && list.data?.totalCountExact === false });
  return { counting: count.isFetching, counted: count.data };
}
