import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { HISTORY_PAGE_SIZE, type HistoryEntry, type HistoryPage } from '../../../../../contract/history';
import { client, resultOf } from '../../../lib/api';
import { historyKeys, type HistoryKind } from '../historyKeys';

function historyPage(kind: HistoryKind, id: number, pageIndex: number): Promise<HistoryPage> {
  const args = { params: { id }, query: { pageIndex, pageSize: HISTORY_PAGE_SIZE } };
  switch (kind) {
    case 'equipment':
      return resultOf(client.history.equipment(args));
    case 'reservation':
      return resultOf(client.history.reservation(args));
    case 'serviceCall':
      return resultOf(client.history.serviceCall(args));
  }
}

/**
 * How long a loaded history counts as fresh: the instrument page fetches its History tab's first page with the page,
 * and the tab then opens on it. A change to the record makes it stale sooner (the domain-event fold).
 */
const HISTORY_STALE_MS = 60_000;

/** The query of a record's history: the list's, and a page's prefetch of its first page. */
export const historyQuery = (kind: HistoryKind, id: number) =>
  infiniteQueryOptions({
    queryKey: historyKeys[kind](id),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => historyPage(kind, id, pageParam),
    getNextPageParam: (last: HistoryPage, pages: HistoryPage[], lastIndex: number) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return last.items.length > 0 && loaded < last.totalCount ? lastIndex + 1 : undefined;
    },
    staleTime: HISTORY_STALE_MS,
  });

/** A record's history, newest first, a page at a time: the entries loaded so far and how many there are. */
export function useHistory(kind: HistoryKind, id: number) {
  const found = useInfiniteQuery(historyQuery(kind, id));
  // An entry written while paging moves the later ones down a place: the one seen twice is shown once.
  const seen = new Set<number>();
  const entries: HistoryEntry[] = [];
  for (const entry of found.data?.pages.flatMap((p) => p.items) ?? []) {
    if (!seen.has(entry.id)) entries.push(entry);
    seen.add(entry.id);
  }
  const totalCount = found.data?.pages.at(-1)?.totalCount ?? 0;
  return { found, entries, totalCount };
}
