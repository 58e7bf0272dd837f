import { describe, expect, it } from 'vitest';
import { RANK_END, byBytes, placeIn, spread } from '../../api-mock/src/search/valueRanks';

describe('the ranks of numbered text values', () => {
  it('spreads values evenly strictly inside a gap, and says when they do not fit', () => {
    expect(spread(0, 10, 1)).toEqual([5]);
    expect(spread(0, 10, 4)).toEqual([2, 4, 6, 8]);
    expect(spread(7, 9, 1)).toEqual([8]);
    expect(spread(7, 9, 2)).toBeNull();
    expect(spread(7, 8, 1)).toBeNull();
    const many = spread(0, RANK_END, 1_000_000)!;
    expect(many).toHaveLength(1_000_000);
    expect(many[0]).toBeGreaterThan(0);
    expect(many.at(-1)).toBeLessThan(RANK_END);
    // Each at least 4,000 above the one before (2^32 / 1,000,001 is 4,294.97).
    expect(many.every((r, i) => i === 0 || r - many[i - 1]! >= 4_000)).toBe(true);
  });

  it('places values evenly in their gap, leaving room at the ends of a column for values after the last', () => {
    expect(placeIn(1_000, 3_000, true, true, 3)).toEqual([1_500, 2_000, 2_500]);
    // After the last value, in the lower half of the room left; before the first, in the upper half; alone, the middle.
    expect(placeIn(1_000, 5_000, true, false, 1)).toEqual([2_000]);
    expect(placeIn(1_000, 5_000, false, true, 1)).toEqual([4_000]);
    expect(placeIn(0, 4_000, false, false, 3)).toEqual([1_500, 2_000, 2_500]);
    // Where the half is too small, the whole gap; where that is, none.
    expect(placeIn(10, 14, true, false, 3)).toEqual([11, 12, 13]);
    expect(placeIn(10, 13, true, true, 3)).toBeNull();
  });

  it("orders text by its UTF-8 bytes, as the database's C collation does (not by UTF-16 units)", () => {
    const sorted = ['b', '', 'B', 'a b', '\uE000', '😀', 'é', 'e', 'ab'].sort(byBytes);
    expect(sorted).toEqual(['', 'B', 'a b', 'ab', 'b', 'e', 'é', '\uE000', '😀']);
  });
});
