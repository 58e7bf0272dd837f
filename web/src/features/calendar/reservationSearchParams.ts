import { pageParam, searchParam } from '../../components/list';
import { useListParams } from '../../lib/listUrl';

/**
 * The reservation search in the calendar's URL: the searched words and the page of the results. Prefixed, so they
 * never meet the calendar's own parameters; no words is the calendar itself.
 */
const PARAMS = { rq: searchParam(), rpage: pageParam() };
const DEFAULTS = { rq: '', rpage: 0 };

export function useReservationSearchParams() {
  const [{ rq, rpage }, change] = useListParams(PARAMS, DEFAULTS);
  return {
    keyword: rq,
    pageIndex: rpage,
    /** Search these words from the first page; blank words end the search. */
    search: (words: string) => change({ rq: words.trim(), rpage: 0 }),
    page: (pageIndex: number) => change({ rpage: pageIndex }),
  };
}
