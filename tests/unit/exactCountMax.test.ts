import { describe, expect, it } from 'vitest';
import { EXACT_COUNT_MAX } from '../../contract/limits';
import { EXACT_COUNT_MAX_LIMIT, exactCountMaxSetting } from '../../api-mock/src/lib/paging';

describe('LIST_EXACT_COUNT_MAX', () => {
  it('counts up to EXACT_COUNT_MAX when absent or blank', () => {
    expect(exactCountMaxSetting(undefined)).toBe(EXACT_COUNT_MAX);
    expect(exactCountMaxSetting(' ')).toBe(EXACT_COUNT_MAX);
  });

  it('reads a whole number from 1 to the limit', () => {
    expect(exactCountMaxSetting('5')).toBe(5);
    expect(exactCountMaxSetting(' 1 ')).toBe(1);
    expect(exactCountMaxSetting(String(EXACT_COUNT_MAX_LIMIT))).toBe(EXACT_COUNT_MAX_LIMIT);
  });

  it('refuses anything else, naming the setting, so the server does not start with a misread cap', () => {
    for (const bad of ['0', '-5', '2.5', '1e4', 'ten', '0x10', String(EXACT_COUNT_MAX_LIMIT + 1)])
      expect(() => exactCountMaxSetting(bad), bad).toThrow(/LIST_EXACT_COUNT_MAX/);
  });
});
