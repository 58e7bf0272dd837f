export interface PagerInput {
  pageIndex: number;
  pageSize: number;
  totalCount: number;
  /** False when more rows match than the server counted: `totalCount` is then a lower bound. */
  exact: boolean;
  /** The rows on the page shown; with an inexact total, a full page means there may be a next one. */
  pageRows: number;
}

/**
 * Where a page stands in its list: its first and last row (from 1), the total to show, the page count, and whether
 * next is open. A lower bound shown is never below the last row shown, also on a page past the server's count.
 */
export function pagerPosition({ pageIndex, pageSize, totalCount, exact, pageRows }: PagerInput) {
  const pages = Math.max(1, Math.ceil(totalCount / pageSize));
  const first = totalCount === 0 ? 0 : pageIndex * pageSize + 1;
  if (exact) {
    const last = Math.min(totalCount, (pageIndex + 1) * pageSize);
    return { first, last, total: totalCount, pages, hasNext: pageIndex + 1 < pages };
  }
  const last = pageIndex * pageSize + pageRows;
  return { first, last, total: Math.max(totalCount, last), pages: null, hasNext: pageRows >= pageSize };
}
