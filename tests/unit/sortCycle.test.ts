import { describe, expect, it } from 'vitest';
import { nextSort } from '../../web/src/components/list/listColumnHeader';

describe('a header click cycles the sort (spec 1 section 5)', () => {
  it('goes from none to ascending, descending, and none again', () => {
    expect(nextSort(undefined, false)).toBe(0);
    expect(nextSort(0, true)).toBe(1);
    expect(nextSort(1, true)).toBe(null);
  });

  it("turns a column the list's default order sorts the other way, since the user cannot take that sort off", () => {
    expect(nextSort(1, false)).toBe(0);
    expect(nextSort(0, false)).toBe(1);
  });
});
