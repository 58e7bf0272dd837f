import { describe, expect, it } from 'vitest';
import { pagerPosition } from '../../web/src/components/pagerPosition';

describe("a pager's position", () => {
  it('with an exact total: rows, pages, and no next on the last page', () => {
    expect(pagerPosition({ pageIndex: 0, pageSize: 30, totalCount: 95, exact: true, pageRows: 30 })).toEqual({
      first: 1,
      last: 30,
      total: 95,
      pages: 4,
      hasNext: true,
    });
    expect(pagerPosition({ pageIndex: 3, pageSize: 30, totalCount: 95, exact: true, pageRows: 5 })).toEqual({
      first: 91,
      last: 95,
      total: 95,
      pages: 4,
      hasNext: false,
    });
    expect(pagerPosition({ pageIndex: 0, pageSize: 30, totalCount: 0, exact: true, pageRows: 0 }).first).toBe(0);
  });

  it('with a lower bound: no page count, next open while pages are full, and never a bound below the last row', () => {
    const full = { pageSize: 100, totalCount: 10_000, exact: false, pageRows: 100 };
    expect(pagerPosition({ ...full, pageIndex: 0 })).toEqual({
      first: 1,
      last: 100,
      total: 10_000,
      pages: null,
      hasNext: true,
    });
    expect(pagerPosition({ ...full, pageIndex: 120 })).toEqual({
      first: 12_001,
      last: 12_100,
      total: 12_100,
      pages: null,
      hasNext: true,
    });
    expect(pagerPosition({ ...full, pageIndex: 130, pageRows: 42 })).toEqual({
      first: 13_001,
      last: 13_042,
      total: 13_042,
      pages: null,
      hasNext: false,
    });
  });
});
